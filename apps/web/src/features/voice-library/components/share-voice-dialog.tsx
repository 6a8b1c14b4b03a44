import type { VoiceSharing, VoiceSharingSettingsInput } from '@vocalis/contracts/voice-library';
import type { Voice } from '@vocalis/contracts/voices';
import { appRoutes } from '@vocalis/domain/app-routes';
import { DEFAULT_NOTICE_PERIOD_DAYS } from '@vocalis/domain/voices/voice-sharing';
import { useState } from 'react';
import { generatePath, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useShareToLibrary, useStopSharing } from '../api/share-voice';
import { useVoice } from '../api/get-voice';

import { SharingForm, type SharingDraft } from './sharing-form';
import { ShareStatsSummary } from './share-stats-summary';

export const SHARE_VOICE_DIALOG = 'share-voice';

/** The Share dialog, opened on any app page by `?dialog=share-voice&voice_id=<id>` (mounted once in the app shell). */
export function ShareVoiceDialog() {
  const [params, setParams] = useSearchParams();
  const voiceId = params.get('dialog') === SHARE_VOICE_DIALOG ? params.get('voice_id') : null;
  const close = () =>
    setParams(
      (p) => {
        p.delete('dialog');
        p.delete('voice_id');
        return p;
      },
      { replace: true },
    );
  const { data: voice, error, isPending } = useVoice(voiceId);

  return (
    <Modal
      open={voiceId !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={voice ? `Share "${voice.name}"` : 'Share voice'}
      description="Shared voices appear in the voice library; other workspaces can add a copy and use it."
    >
      {voiceId === null ? null : isPending ? (
        <div className="flex justify-center py-8 text-zinc-400">
          <Spinner className="size-6" />
        </div>
      ) : !voice ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(error)}
        </p>
      ) : voice.sharing?.status === 'copied' || voice.sharing?.status === 'copied_disabled' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This voice was added from the library; only its owner can share it.
        </p>
      ) : voice.category === 'premade' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Default voices are available to everyone already.
        </p>
      ) : (
        <ShareVoiceForm key={voice.voice_id} voice={voice} onDone={close} />
      )}
    </Modal>
  );
}

const draftOf = (voice: Voice, s: VoiceSharing | null): SharingDraft => ({
  enableLibrary: s?.enabled_in_library ?? true,
  noticePeriod: s?.notice_period ?? DEFAULT_NOTICE_PERIOD_DAYS,
  customRate: s?.custom_rate ?? null,
  freeUsersAllowed: s?.free_users_allowed ?? true,
  liveModeration: s?.live_moderation_enabled ?? false,
  voiceMixingAllowed: s?.voice_mixing_allowed ?? false,
  readerAppEnabled: s?.reader_app_enabled ?? false,
  previewHistoryItemId: s?.history_item_sample_id ?? null,
  labels: { ...voice.labels, ...(s?.labels ?? {}) },
  emails: (s?.whitelisted_emails ?? []).join(', '),
});

function ShareVoiceForm({ voice, onDone }: { voice: Voice; onDone: () => void }) {
  const sharing = voice.sharing;
  const [draft, setDraft] = useState<SharingDraft>(() => draftOf(voice, sharing));
  const share = useShareToLibrary(voice.voice_id);
  const stop = useStopSharing(voice.voice_id);
  const confirm = useConfirm();
  const enabled = sharing?.status === 'enabled';
  const link = sharing
    ? `${window.location.origin}${generatePath(appRoutes.voiceLabShare.path, { publicUserId: sharing.public_owner_id, voiceId: voice.voice_id })}`
    : null;

  const save = () => {
    const settings: VoiceSharingSettingsInput = {
      enable_library: draft.enableLibrary,
      notice_period: draft.noticePeriod,
      custom_rate: draft.customRate,
      free_users_allowed: draft.freeUsersAllowed,
      enable_live_moderation: draft.liveModeration,
      voice_mixing_allowed: draft.voiceMixingAllowed,
      reader_app_enabled: draft.readerAppEnabled,
      preview_history_item_id: draft.previewHistoryItemId,
      labels: Object.fromEntries(Object.entries(draft.labels).filter(([, v]) => v.trim())),
    };
    const emails = draft.emails.split(/[\s,;]+/).filter(Boolean);
    share.mutate(
      { settings, emails },
      {
        onSuccess: () => toast.success(enabled ? 'Sharing settings saved' : `"${voice.name}" is shared`),
        onError: (e) => toast.error(errorToastMessage(e)),
      },
    );
  };

  return (
    <div className="space-y-5">
      {sharing ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Sharing is <strong>{sharing.status === 'enabled' ? 'on' : 'off'}</strong>
            {sharing.cloned_by_count ? ` · added by ${sharing.cloned_by_count}` : ''}
          </p>
          {enabled && link ? (
            <CopyButton value={link} label="Copy link" copiedMessage="Share link copied to clipboard" />
          ) : null}
        </div>
      ) : null}
      <SharingForm voiceId={voice.voice_id} draft={draft} onChange={setDraft} />
      {sharing ? <ShareStatsSummary voiceId={voice.voice_id} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {enabled ? (
          <Button
            variant="ghost"
            disabled={stop.isPending}
            onClick={async () => {
              const r = await confirm({
                title: 'Stop sharing this voice?',
                description: `It leaves the library now. Workspaces that added it keep it for ${sharing?.notice_period ?? 0} days (your notice period), then it is removed from their voices.`,
                confirmText: 'Stop sharing',
                variant: 'danger',
              });
              if (r.confirmed)
                stop.mutate(undefined, {
                  onSuccess: () => toast.success('Sharing stopped'),
                  onError: (e) => toast.error(errorToastMessage(e)),
                });
            }}
          >
            Stop sharing
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
        <Button onClick={save} disabled={share.isPending}>
          {enabled ? 'Save settings' : 'Share voice'}
        </Button>
      </div>
    </div>
  );
}
