import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { isHttpError } from '@/lib/api-client';

import { processSample, pvcVoicesKey } from '../api/pvc-calls';

export type ProcessedSample = {
  sample_id: string;
  remove_background_noise: boolean;
  trim_start: number | null;
  trim_end: number | null;
};

const seconds = (ms: number | null) => (ms === null ? '' : String(ms / 1000));
const ms = (s: string) => (s.trim() === '' ? null : Math.round(Number(s) * 1000));

/** A sample's processing: background-noise removal and the part of the upload to keep (seconds). */
export function SampleProcessing({ voiceId, sample }: { voiceId: string; sample: ProcessedSample }) {
  const queryClient = useQueryClient();
  const [noise, setNoise] = useState(sample.remove_background_noise);
  const [start, setStart] = useState(seconds(sample.trim_start));
  const [end, setEnd] = useState(seconds(sample.trim_end));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const invalid = [start, end].some((v) => v.trim() !== '' && !(Number(v) >= 0));
  const apply = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await processSample(voiceId, sample.sample_id, {
        remove_background_noise: noise,
        trim_start_time: ms(start),
        trim_end_time: ms(end),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pvcVoicesKey }),
        queryClient.invalidateQueries({ queryKey: ['pvc-waveform', sample.sample_id] }),
        queryClient.invalidateQueries({ queryKey: ['pvc-speakers', sample.sample_id] }),
      ]);
    } catch (e) {
      setError(isHttpError(e) ? e.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };
  const field = (label: string, value: string, set: (v: string) => void) => (
    <label className="flex items-center gap-1">
      {label}
      <input
        className={`${inputClasses} w-20`}
        inputMode="decimal"
        placeholder="—"
        aria-label={`${label} (seconds)`}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      s
    </label>
  );
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" data-testid="sample-processing">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={noise} onChange={(e) => setNoise(e.target.checked)} />
        Remove background noise
      </label>
      {field('Keep from', start, setStart)}
      {field('to', end, setEnd)}
      <Button size="sm" variant="secondary" disabled={busy || invalid} onClick={() => void apply()}>
        {busy ? 'Applying…' : 'Apply'}
      </Button>
      {error ? (
        <span role="alert" className="text-red-600">
          {error}
        </span>
      ) : null}
    </div>
  );
}
