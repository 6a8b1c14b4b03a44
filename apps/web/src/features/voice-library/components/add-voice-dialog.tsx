import type { LibraryVoice } from '@vocalis/contracts/voice-library';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useAddSharedVoice } from '../api/add-shared-voice';

/** "Add to my voices": names the copy (the voice's name by default) and adds it. */
export function AddVoiceDialog({ voice, onClose }: { voice: LibraryVoice | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const add = useAddSharedVoice();
  useEffect(() => {
    if (voice) setName(voice.name);
  }, [voice]);

  return (
    <Modal
      open={voice !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add to my voices"
      description="A copy of this voice joins your voices. It works until its owner stops sharing it, plus their notice period."
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!voice || !name.trim()) return;
          add.mutate(
            { publicUserId: voice.public_owner_id, voiceId: voice.voice_id, name: name.trim() },
            {
              onSuccess: () => {
                toast.show({
                  variant: 'success',
                  title: `"${name.trim()}" was added to your voices`,
                  actions: [{ label: 'Use it in text to speech', href: appRoutes.textToSpeech.path }],
                });
                onClose();
              },
              onError: (error) => toast.error(errorToastMessage(error)),
            },
          );
        }}
      >
        <Field label="Name in my voices">
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <LoadingButton type="submit" loading={add.isPending} disabled={!name.trim()}>
            Add voice
          </LoadingButton>
        </div>
      </form>
    </Modal>
  );
}
