import type { VoiceSettingsResponse } from '@vocalis/contracts/voices';
import { useEffect, useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';
import { isUnstable, sameSettings, SLIDERS } from '@/lib/voice-settings-bounds';

import { editVoiceSettings, useVoiceMutation, useVoiceSettings } from '../api/voice-calls';

/**
 * The workspace's settings for one voice (GET/POST /v1/voices/{id}/settings[/edit]): stability,
 * similarity, style, speed and speaker boost; text to speech starts from them.
 */
export function VoiceSettingsForm({ voiceId }: { voiceId: string }) {
  const stored = useVoiceSettings(voiceId);
  const [draft, setDraft] = useState<VoiceSettingsResponse | null>(null);
  const save = useVoiceMutation((s: VoiceSettingsResponse) => editVoiceSettings(voiceId, s));
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  if (!draft) return <div className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />;
  const changed = stored.data ? !sameSettings(draft, stored.data) : false;

  return (
    <form
      aria-label="Voice settings"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, {
          onSuccess: () => toast.success('Voice settings saved'),
          onError: (error) => showErrorToast(error),
        });
      }}
    >
      {SLIDERS.map((s) => {
        const value = draft[s.key];
        return (
          <div key={s.key} className="space-y-1">
            <div className="flex items-center justify-between text-sm">
              <label
                htmlFor={`vs-${voiceId}-${s.key}`}
                className="font-medium text-zinc-700 dark:text-zinc-300"
              >
                {s.label}
                {isUnstable(s, value) ? <span className="text-rose-600"> - Unstable</span> : null}
              </label>
              <span className="text-zinc-500 tabular-nums">{value.toFixed(2)}</span>
            </div>
            <input
              id={`vs-${voiceId}-${s.key}`}
              type="range"
              min={s.min}
              max={s.max}
              step={s.step}
              value={value}
              onChange={(e) => setDraft({ ...draft, [s.key]: Number(e.target.value) })}
              className="w-full accent-indigo-600"
            />
            <div className="flex justify-between text-xs text-zinc-500">
              <span>{s.ends[0]}</span>
              <span>{s.ends[1]}</span>
            </div>
          </div>
        );
      })}
      <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={draft.use_speaker_boost}
          onChange={(e) => setDraft({ ...draft, use_speaker_boost: e.target.checked })}
        />
        Speaker boost
      </label>
      <LoadingButton type="submit" size="sm" loading={save.isPending} disabled={!changed}>
        Save settings
      </LoadingButton>
    </form>
  );
}
