import * as Dialog from '@radix-ui/react-dialog';
import type { Voice } from '@vocalis/contracts/voices';
import { useState } from 'react';
import { Link } from 'react-router';

import { ResourceAccessDialog } from '@/components/resource-sharing/resource-access-dialog';

import { TrashIcon } from '@/components/ui/action-icons';
import { buttonClasses } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { CloseIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';
import { textToSpeechHref } from '@/lib/voices';

import { deleteSample, deleteVoice, useVoiceMutation } from '../api/voice-calls';
import { profileSummary } from '../lib/my-voices';

import { CategoryBadge, LabelChips, ProfileBadge } from './voice-badges';
import { PreviewButton } from './preview-button';
import { SampleWaveform } from './sample-waveform';
import { VoiceEditForm } from './voice-edit-form';
import { VoiceSettingsForm } from './voice-settings-form';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * A voice's details in a side drawer: what it is, its samples (waveform, play, delete), edit (name,
 * description, labels, more samples), its settings, "Use in text to speech", who in the workspace has
 * access ("Share with members") and delete.
 */
export function VoiceDetails({
  voice,
  onClose,
  editBlockedReason,
}: {
  voice: Voice | null;
  onClose: () => void;
  editBlockedReason: string | null;
}) {
  const confirm = useConfirm();
  const [access, setAccess] = useState<string | null>(null);
  const removeSample = useVoiceMutation((id: string) => deleteSample(voice!.voice_id, id));
  const removeVoice = useVoiceMutation(() => deleteVoice(voice!.voice_id));

  const onDeleteSample = async (sampleId: string, fileName: string) => {
    const { confirmed } = await confirm({
      title: 'Delete sample',
      description: `Delete ${fileName}? The voice is fitted again on the samples left.`,
      confirmText: 'Delete sample',
      variant: 'danger',
    });
    if (!confirmed) return;
    removeSample.mutate(sampleId, {
      onSuccess: () => toast.success('Sample deleted'),
      onError: (e) => showErrorToast(e),
    });
  };

  const onDeleteVoice = async () => {
    if (!voice) return;
    const { confirmed } = await confirm({
      title: 'Delete voice',
      description: `${voice.name} and its samples will be deleted for everyone in the workspace. This cannot be undone.`,
      confirmText: 'Delete voice',
      variant: 'danger',
      input: { label: `Type ${voice.name} to confirm`, requiredValue: voice.name },
    });
    if (!confirmed) return;
    removeVoice.mutate(undefined, {
      onSuccess: () => {
        toast.success('Voice deleted');
        onClose();
      },
      onError: (e) => showErrorToast(e),
    });
  };

  const samples = voice?.samples ?? [];
  return (
    <Dialog.Root open={voice !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] animate-overlay-in bg-zinc-950/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-[61] flex w-full max-w-xl animate-drawer-in-right flex-col border-l border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          {voice ? (
            <>
              <header className="flex items-start gap-3 border-b border-zinc-200 p-5 dark:border-zinc-800">
                <div className="min-w-0 flex-1 space-y-2">
                  <Dialog.Title className="truncate text-lg font-semibold text-zinc-900 dark:text-white">
                    {voice.name}
                  </Dialog.Title>
                  <div className="flex flex-wrap gap-1.5">
                    <CategoryBadge category={voice.category} />
                    <ProfileBadge voice={voice} />
                  </div>
                </div>
                <PreviewButton voice={voice} />
                <Dialog.Close aria-label="Close details" className={buttonClasses('ghost', 'icon')}>
                  <CloseIcon className="size-5" />
                </Dialog.Close>
              </header>
              <div className="flex-1 space-y-8 overflow-y-auto p-5">
                <div className="space-y-3">
                  {voice.description ? (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{voice.description}</p>
                  ) : null}
                  {voice.voice_profile ? (
                    <p
                      className="rounded-lg bg-zinc-50 p-3 text-xs leading-5 text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400"
                      data-testid="profile-summary"
                    >
                      {profileSummary(voice)}
                    </p>
                  ) : null}
                  <LabelChips labels={voice.labels} />
                  <div className="flex flex-wrap gap-2">
                    <Link to={textToSpeechHref(voice.voice_id)} className={buttonClasses('primary', 'sm')}>
                      Use in text to speech
                    </Link>
                    {/* The shell's global dialogs (voice design, sharing) open over this page. */}
                    <Link
                      to={`?dialog=design-voice&remix=${encodeURIComponent(voice.voice_id)}`}
                      onClick={onClose}
                      className={buttonClasses('secondary', 'sm')}
                    >
                      Remix
                    </Link>
                    {voice.category === 'cloned' || voice.category === 'generated' ? (
                      <Link
                        to={`?dialog=share-voice&voice_id=${encodeURIComponent(voice.voice_id)}`}
                        onClick={onClose}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        Share
                      </Link>
                    ) : null}
                    {voice.category !== 'premade' ? (
                      <button
                        type="button"
                        onClick={() => setAccess(voice.voice_id)}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        Share with members
                      </button>
                    ) : null}
                  </div>
                </div>
                <Section title={`Samples (${samples.length})`}>
                  <ul className="space-y-2">
                    {samples.map((s) => (
                      <li
                        key={s.sample_id}
                        aria-label={`Sample ${s.file_name}`}
                        className="space-y-1 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
                      >
                        <div className="flex items-center justify-between gap-2 text-xs text-zinc-500">
                          <span className="truncate">{s.file_name}</span>
                          <button
                            type="button"
                            aria-label={`Delete sample ${s.file_name}`}
                            disabled={samples.length < 2 || removeSample.isPending}
                            title={
                              samples.length < 2
                                ? 'A voice needs at least one sample; delete the voice instead.'
                                : undefined
                            }
                            onClick={() => void onDeleteSample(s.sample_id, s.file_name)}
                            className="rounded p-1 hover:bg-zinc-100 hover:text-rose-600 disabled:opacity-40 dark:hover:bg-zinc-800"
                          >
                            <TrashIcon className="size-4" />
                          </button>
                        </div>
                        <SampleWaveform voiceId={voice.voice_id} sampleId={s.sample_id} label={s.file_name} />
                      </li>
                    ))}
                  </ul>
                </Section>
                <Section title="Edit">
                  <VoiceEditForm key={voice.voice_id} voice={voice} blockedReason={editBlockedReason} />
                </Section>
                <Section title="Settings">
                  <VoiceSettingsForm voiceId={voice.voice_id} />
                </Section>
                <Section title="Danger zone">
                  <button
                    type="button"
                    onClick={() => void onDeleteVoice()}
                    className={buttonClasses('danger', 'sm')}
                  >
                    Delete voice
                  </button>
                </Section>
              </div>
            </>
          ) : null}
          <ResourceAccessDialog
            resource={access ? { type: 'voice', id: access } : null}
            name={voice?.name}
            onClose={() => setAccess(null)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
