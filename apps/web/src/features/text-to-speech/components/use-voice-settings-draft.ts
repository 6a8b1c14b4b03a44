import type { Voice } from '@vocalis/contracts/voices';
import { useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';

import { useEditVoiceSettings } from '../api/edit-voice-settings';
import { sameSettings, type VoiceSettingsValue } from '@/lib/voice-settings-bounds';

/**
 * The settings panel's values for the selected voice: the workspace's saved settings for it (the voice
 * list carries them), or the user's unsaved changes to them. Changes belong to one voice: picking
 * another shows that voice's saved settings, picking the first again brings the changes back.
 */
export function useVoiceSettingsDraft(voice: Voice | undefined, defaults: VoiceSettingsValue) {
  const [draft, setDraft] = useState<{ voiceId: string | undefined; value: VoiceSettingsValue } | null>(null);
  const edit = useEditVoiceSettings();
  const voiceId = voice?.voice_id;
  const saved = voice?.settings ?? defaults;
  const value = draft && draft.voiceId === voiceId ? draft.value : saved;
  return {
    value,
    setValue: (next: VoiceSettingsValue) => setDraft({ voiceId, value: next }),
    /** Unsaved values for a voice about to be selected (a history item's, on "Regenerate"). */
    load: (forVoiceId: string | undefined, next: VoiceSettingsValue) =>
      setDraft({ voiceId: forVoiceId, value: next }),
    /** The values differ from what is saved for the voice. */
    changed: !sameSettings(value, saved),
    /** The values are the default settings already. */
    atDefaults: sameSettings(value, defaults),
    /** Back to the default settings (saved for the voice only with save()). */
    reset: () => setDraft({ voiceId, value: defaults }),
    save: () => {
      if (!voice) return;
      edit.mutate(
        { voiceId: voice.voice_id, settings: value },
        {
          onSuccess: () => {
            setDraft(null);
            toast.success(`Saved as the default settings for ${voice.name}`);
          },
        },
      );
    },
    saving: edit.isPending,
  };
}
