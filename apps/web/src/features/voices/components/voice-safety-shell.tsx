import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useLocalStorage } from '@/hooks/use-local-storage';
import { voicesQueryOptions } from '@/lib/voices';

import { cloningFlow } from '../lib/cloning-flow';
import { safetyDialogFor, type SafetyDialog } from '../lib/voice-safety';

/** Voices already reported as blocked (under 'xi:', so a new sign-in may report them again). */
const FLAGGED_KEY = 'flagged_blocked_voices';
const NONE: string[] = [];

/**
 * The voice safety dialogs of the signed-in shell (content-and-workspace.md §4): once the voices are
 * first fetched, a newly blocked voice opens voiceBlocked once; a voice under CAPTCHA opens voiceCaptcha
 * unless a new cloning flow is open. Mounted once in the app shell, like the consent dialogs.
 */
export function VoiceSafetyShell() {
  // The unfiltered list: lists hide blocked voices, this shell has to see them.
  const voices = useQuery({ ...voicesQueryOptions(), select: (data) => data.voices });
  const [flagged, setFlagged] = useLocalStorage<string[]>(FLAGGED_KEY, NONE);
  const [dialog, setDialog] = useState<SafetyDialog | null>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current || !voices.data) return;
    checked.current = true;
    const next = safetyDialogFor(voices.data, flagged, cloningFlow.active());
    if (next?.kind === 'blocked') setFlagged((ids) => [...ids, next.voice.voice_id]);
    setDialog(next);
  }, [voices.data, flagged, setFlagged]);

  const close = () => setDialog(null);
  if (!dialog) return null;
  return dialog.kind === 'blocked' ? (
    <Modal
      open
      onOpenChange={(o) => !o && close()}
      title="Voice blocked"
      description={`${dialog.voice.name} has been blocked for breaking the terms of use. It no longer appears in your voices and cannot be used to generate speech.`}
    >
      <div className="flex justify-end">
        <Button onClick={close}>Got it</Button>
      </div>
    </Modal>
  ) : (
    <Modal
      open
      onOpenChange={(o) => !o && close()}
      title="Voice verification needed"
      description={`${dialog.voice.name} needs to pass a voice captcha (reading a shown text aloud, checked against the voice's samples) before it can be used again. This version of Vocalis does not offer the captcha recording yet.`}
    >
      <div className="flex justify-end">
        <Button onClick={close}>Later</Button>
      </div>
    </Modal>
  );
}
