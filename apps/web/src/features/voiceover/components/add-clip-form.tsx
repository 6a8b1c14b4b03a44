import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input, inputClasses } from '@/components/ui/input';
import { useVoices } from '@/lib/voices';

import { useProjectChange } from '../api/voiceover-api';

type Kind = 'tts' | 'sfx' | 'sts';
const KINDS: { id: Kind; label: string }[] = [
  { id: 'tts', label: 'Text to speech' },
  { id: 'sfx', label: 'Sound effect' },
  { id: 'sts', label: 'Speech to speech' },
];

/** Adds a clip to a track at the playhead: spoken text, a sound effect, or uploaded speech in another voice. */
export function AddClipForm({ project, at }: { project: VoiceoverProjectDto; at: number }) {
  const [kind, setKind] = useState<Kind>('tts');
  const [trackId, setTrackId] = useState(project.tracks[0]?.track_id ?? '');
  const [text, setText] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const voices = useVoices().data ?? [];
  const change = useProjectChange(project.project_id);
  const track = project.tracks.some((t) => t.track_id === trackId)
    ? trackId
    : (project.tracks[0]?.track_id ?? '');
  const voice = voiceId || voices[0]?.voice_id || '';
  const start = Math.round(Math.min(at, project.duration - 0.1) * 100) / 100;
  const ready = track && (kind === 'sts' ? file && voice : text.trim() && (kind === 'sfx' || voice));

  const submit = () => {
    const to = `/tracks/${track}/clips`;
    const done = { onSuccess: () => (setText(''), setFile(null)) };
    if (kind === 'sts') {
      const form = new FormData();
      form.append('audio', file!, file!.name);
      form.append('voice_id', voice);
      form.append('start_time', String(start));
      change.mutate({ method: 'POST', to: `${to}/speech-to-speech`, form }, done);
    } else
      change.mutate(
        {
          method: 'POST',
          to,
          body:
            kind === 'tts'
              ? { kind, text, voice_id: voice, start_time: start }
              : { kind, text, start_time: start },
        },
        done,
      );
  };

  return (
    <form
      aria-label="Add a clip"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) submit();
      }}
    >
      <div role="radiogroup" aria-label="Clip made by" className="flex flex-wrap gap-1">
        {KINDS.map((k) => (
          <label
            key={k.id}
            className="cursor-pointer rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50 has-checked:text-indigo-800 dark:border-zinc-700 dark:has-checked:bg-indigo-500/15 dark:has-checked:text-indigo-200"
          >
            <input
              type="radio"
              name="clip-kind"
              className="sr-only"
              checked={kind === k.id}
              onChange={() => setKind(k.id)}
            />
            {k.label}
          </label>
        ))}
      </div>
      {kind !== 'sts' ? (
        <Field label={kind === 'tts' ? 'Text to speak' : 'Describe the sound'}>
          {(id) => (
            <textarea
              id={id}
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={`${inputClasses} h-auto py-2`}
              placeholder={kind === 'tts' ? 'Welcome aboard…' : 'Waves on a pebble beach'}
            />
          )}
        </Field>
      ) : (
        <Field label="Speech to convert">
          {(id) => (
            <Input
              id={id}
              type="file"
              className="h-auto py-2"
              accept="audio/*"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {kind !== 'sfx' && (
          <Field label="Voice">
            {(id) => (
              <select
                id={id}
                className={inputClasses}
                value={voice}
                onChange={(e) => setVoiceId(e.target.value)}
              >
                {voices.map((v) => (
                  <option key={v.voice_id} value={v.voice_id}>
                    {v.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="Track">
          {(id) => (
            <select
              id={id}
              className={inputClasses}
              value={track}
              onChange={(e) => setTrackId(e.target.value)}
            >
              {project.tracks.map((t) => (
                <option key={t.track_id} value={t.track_id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={!ready || change.isPending}>
          {change.isPending ? 'Generating…' : 'Add clip'}
        </Button>
        <span className="text-xs text-zinc-500">
          At {start.toFixed(2)} s (the playhead). Charged as the tool it uses.
        </span>
      </div>
    </form>
  );
}
