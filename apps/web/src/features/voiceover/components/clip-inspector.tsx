import type { VoiceoverClipDto } from '@vocalis/contracts/voiceover';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';

import type { ProjectChange } from '../api/voiceover-api';

/** A number field that sends its value when it loses focus or on Enter (invalid or unchanged values are not sent). */
function NumberField({
  label,
  value,
  step,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: number;
  step: number;
  min: number;
  max: number;
  onCommit: (n: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(n) && n !== value) onCommit(Math.min(max, Math.max(min, n)));
  };
  return (
    <Field label={label}>
      {(id) => (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          min={min}
          max={max}
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
      )}
    </Field>
  );
}

/** The selected clip's start, trim and volume as fields; generate again, delete. */
export function ClipInspector({
  clip,
  trackId,
  duration,
  send,
  busy,
}: {
  clip: VoiceoverClipDto;
  trackId: string;
  duration: number;
  send: (c: ProjectChange) => void;
  busy: boolean;
}) {
  const to = `/tracks/${trackId}/clips/${clip.clip_id}`;
  const patch = (body: object) => send({ method: 'PATCH', to, body });
  return (
    <section aria-label="Selected clip" className="space-y-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <span className="font-medium">
          {clip.kind === 'tts' ? 'Text to speech' : clip.kind === 'sfx' ? 'Sound effect' : 'Speech to speech'}
        </span>
        {clip.text && <> · “{clip.text}”</>} · {clip.audio_seconds.toFixed(2)} s of audio
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <NumberField
          label="Start (s)"
          value={clip.start_time}
          step={0.1}
          min={0}
          max={duration}
          onCommit={(n) => patch({ start_time: n })}
        />
        <NumberField
          label="Trim in (s)"
          value={clip.trim_start}
          step={0.05}
          min={0}
          max={clip.audio_seconds}
          onCommit={(n) => patch({ trim_start: n })}
        />
        <NumberField
          label="Trim out (s)"
          value={clip.trim_end}
          step={0.05}
          min={0}
          max={clip.audio_seconds}
          onCommit={(n) => patch({ trim_end: n })}
        />
        <NumberField
          label="Clip volume (%)"
          value={Math.round(clip.volume * 100)}
          step={5}
          min={0}
          max={200}
          onCommit={(n) => patch({ volume: n / 100 })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {clip.stale && (
          <span className="self-center text-xs text-amber-700 dark:text-amber-400">
            Changed since it was generated.
          </span>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => send({ method: 'POST', to: `${to}/generate` })}
        >
          Regenerate clip
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => send({ method: 'DELETE', to })}>
          Remove clip
        </Button>
      </div>
    </section>
  );
}
