import type { SpeakerSeparation } from '@vocalis/contracts/pvc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import {
  deletePvcSample,
  getSampleAudio,
  getSpeakerAudio,
  getSpeakers,
  getWaveform,
  playBase64,
  pvcVoicesKey,
  selectSpeakers,
  separateSpeakers,
} from '../api/pvc-calls';
import { SampleProcessing, type ProcessedSample } from './sample-processing';

/** The sample's waveform: the server's 100 peak levels as bars. */
function Waveform({ voiceId, sampleId }: { voiceId: string; sampleId: string }) {
  const wave = useQuery({
    queryKey: ['pvc-waveform', sampleId],
    queryFn: ({ signal }) => getWaveform(voiceId, sampleId, signal),
  });
  const points = wave.data?.visual_waveform ?? [];
  return (
    <div className="flex h-10 flex-1 items-center gap-px" data-testid="sample-waveform" aria-label="Waveform">
      {points.map((p, i) => (
        <span
          key={i}
          className="w-full rounded-sm bg-indigo-400 dark:bg-indigo-500"
          style={{ height: `${Math.max(4, p * 100)}%` }}
        />
      ))}
    </div>
  );
}

type Sample = ProcessedSample & { file_name: string; duration_secs: number };

function Speakers({ voiceId, sample }: { voiceId: string; sample: Sample }) {
  const queryClient = useQueryClient();
  const sep = useQuery({
    queryKey: ['pvc-speakers', sample.sample_id],
    queryFn: ({ signal }) => getSpeakers(voiceId, sample.sample_id, signal),
  });
  const data: SpeakerSeparation | undefined = sep.data;
  if (!data?.speakers) return null;
  const selected = new Set(data.selected_speaker_ids ?? []);
  const toggle = async (id: string) => {
    const next = selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id];
    if (!next.length) return;
    await selectSpeakers(voiceId, sample.sample_id, next);
    await queryClient.invalidateQueries({ queryKey: ['pvc-speakers', sample.sample_id] });
  };
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="speakers">
      {Object.values(data.speakers).map((s) => (
        <li key={s.speaker_id} className="flex items-center gap-3">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={selected.has(s.speaker_id)}
              onChange={() => void toggle(s.speaker_id)}
            />
            {s.speaker_id.replace('speaker_', 'Speaker ')}
          </label>
          <span className="text-zinc-500">
            {s.duration_secs.toFixed(1)} s of speech, {s.utterances.length}{' '}
            {s.utterances.length === 1 ? 'segment' : 'segments'}, about {s.pitch_hz} Hz
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={async () => playBase64(await getSpeakerAudio(voiceId, sample.sample_id, s.speaker_id))}
          >
            Play
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One sample: waveform, play, noise removal and trim, speaker separation and its result, delete. */
export function SampleRow({ voiceId, sample }: { voiceId: string; sample: Sample }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const separate = async () => {
    setBusy(true);
    try {
      await separateSpeakers(voiceId, sample.sample_id);
      await queryClient.invalidateQueries({ queryKey: ['pvc-speakers', sample.sample_id] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="pvc-sample">
      <div className="flex items-center gap-3">
        <span className="w-40 truncate text-sm font-medium">{sample.file_name}</span>
        <span className="w-14 text-xs text-zinc-500">{sample.duration_secs.toFixed(1)} s</span>
        <Waveform voiceId={voiceId} sampleId={sample.sample_id} />
        <Button
          size="sm"
          variant="ghost"
          onClick={async () => playBase64(await getSampleAudio(voiceId, sample.sample_id))}
        >
          Play
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void separate()}>
          Separate speakers
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={async () => {
            await deletePvcSample(voiceId, sample.sample_id);
            await queryClient.invalidateQueries({ queryKey: pvcVoicesKey });
          }}
        >
          Delete
        </Button>
      </div>
      <SampleProcessing
        key={`${sample.remove_background_noise}:${sample.trim_start}:${sample.trim_end}`}
        voiceId={voiceId}
        sample={sample}
      />
      <Speakers voiceId={voiceId} sample={sample} />
    </li>
  );
}
