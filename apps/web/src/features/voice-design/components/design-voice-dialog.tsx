import type { VoiceDesignPreviewResponse } from '@vocalis/contracts/text-to-voice';
import { PREVIEW_TEXT_MAX, PREVIEW_TEXT_MIN } from '@vocalis/domain/voices/voice-design';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';
import { useVoices } from '@/lib/voices';

import { useCreateVoiceFromPreview } from '../api/create-voice';
import { useDesignVoice } from '../api/design-voice';
import { DescriptionReading } from './description-reading';
import { PreviewList } from './preview-list';
import { usePreviewPlayer } from './preview-player';

/** The query value that opens the dialog on any app page (`?dialog=design-voice`, `&remix=<voice_id>`). */
export const DESIGN_VOICE_DIALOG = 'design-voice';

const TRUTH =
  'A designed voice is a profile voice: a built-in engine voice given the pitch, pace, intonation and brightness your description asks for. It is not a neural voice.';

/** Mounted once in the app shell: opens when the URL asks for it, and removes the request when it closes. */
export function DesignVoiceDialogHost() {
  const [params, setParams] = useSearchParams();
  const open = params.get('dialog') === DESIGN_VOICE_DIALOG;
  const remixOf = open ? params.get('remix') : null;
  const close = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('dialog');
        next.delete('remix');
        return next;
      },
      { replace: true },
    );
  if (!open) return null;
  // Keyed by the remixed voice, so switching between design and remix starts afresh.
  return <DesignVoiceDialog key={remixOf ?? 'design'} remixOf={remixOf} onClose={close} />;
}

function DesignVoiceDialog({ remixOf, onClose }: { remixOf: string | null; onClose: () => void }) {
  const voices = useVoices();
  const remixed = remixOf ? voices.data?.find((v) => v.voice_id === remixOf) : undefined;
  const [description, setDescription] = useState('');
  const [text, setText] = useState('');
  const [result, setResult] = useState<VoiceDesignPreviewResponse | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const design = useDesignVoice();
  const create = useCreateVoiceFromPreview();
  const player = usePreviewPlayer();

  const trimmedText = text.trim();
  const textInvalid =
    trimmedText.length > 0 &&
    (trimmedText.length < PREVIEW_TEXT_MIN || trimmedText.length > PREVIEW_TEXT_MAX);

  const generate = () => {
    player.stop();
    design.mutate(
      { description: description.trim(), text: trimmedText || undefined, remixOf },
      {
        onSuccess: (r) => {
          setResult(r);
          setSelected(r.previews[0]?.generated_voice_id ?? null);
        },
        onError: (e) => showErrorToast(e),
      },
    );
  };

  const save = () => {
    if (!selected || !result) return;
    player.stop();
    create.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        generatedVoiceId: selected,
        playedNotSelected: [...player.played].filter((id) => id !== selected),
      },
      {
        onSuccess: (voice) => {
          toast.success(`Voice "${voice.name}" created`, 'It is in your voice list under Generated voices.');
          onClose();
        },
        onError: (e) => showErrorToast(e),
      },
    );
  };

  const title = remixOf ? `Remix ${remixed ? `"${remixed.name}"` : 'a voice'}` : 'Design a voice';
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={title} description={TRUTH} wide>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!result) generate();
          else save();
        }}
      >
        <Field
          label={remixOf ? 'Describe the change' : 'Describe the voice'}
          hint='Gender, age, accent (American, British, Scottish), pitch, pace, energy and tone, e.g. "a deep, slow, older British man, warm and calm".'
        >
          {(id) => (
            <textarea
              id={id}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={1000}
              rows={2}
              required
              placeholder={remixOf ? 'older and slower' : 'a deep, slow, older British man, warm and calm'}
              className={`${inputClasses} h-auto py-2`}
            />
          )}
        </Field>
        <DescriptionReading description={description} remix={remixOf !== null} />
        <Field
          label="Text to speak (optional)"
          hint={
            textInvalid
              ? `The text must be ${PREVIEW_TEXT_MIN}–${PREVIEW_TEXT_MAX} characters (now ${trimmedText.length}).`
              : `${PREVIEW_TEXT_MIN}–${PREVIEW_TEXT_MAX} characters. Leave it empty and a text is written for the voice. Charged like text to speech, once for the three previews.`
          }
        >
          {(id) => (
            <textarea
              id={id}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={PREVIEW_TEXT_MAX}
              rows={2}
              aria-invalid={textInvalid || undefined}
              className={`${inputClasses} h-auto py-2`}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <LoadingButton
            type="button"
            variant={result ? 'secondary' : 'primary'}
            loading={design.isPending}
            disabled={!description.trim() || textInvalid}
            onClick={generate}
          >
            {result ? 'Generate again' : 'Generate previews'}
          </LoadingButton>
        </div>

        {result ? (
          <section
            className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
            aria-label="Previews"
          >
            {result.description.unused_words.length ? (
              <p className="text-xs text-amber-700 dark:text-amber-400">
                Words not used: {result.description.unused_words.join(', ')}
              </p>
            ) : null}
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              <span className="font-medium">
                {result.text_auto_generated ? 'Text written for the voice (auto-generated):' : 'Your text:'}
              </span>{' '}
              “{result.text}”
            </p>
            <PreviewList
              previews={result.previews}
              selected={selected}
              onSelect={setSelected}
              playingId={player.playingId}
              onPlay={(p) => player.toggle(p.generated_voice_id, p.media_type, p.audio_base_64)}
            />
            {result.description.notes.map((n) => (
              <p key={n} className="text-xs text-zinc-500 dark:text-zinc-400">
                {n}
              </p>
            ))}
            <Field label="Voice name">
              {(id) => (
                <Input
                  id={id}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  maxLength={100}
                  required
                  placeholder="My designed voice"
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <LoadingButton type="submit" loading={create.isPending} disabled={!selected || !name.trim()}>
                Save voice
              </LoadingButton>
            </div>
          </section>
        ) : null}
      </form>
    </Modal>
  );
}
