import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { Spinner } from '@/components/ui/icons';

import { getSampleAudio } from '../api/voice-calls';
import { decodeWaveform, type PeakBar } from '../lib/waveform';

const BARS = 120;

/** Draws min/max bars centred on the middle line; the played part in the accent colour. */
function drawBars(canvas: HTMLCanvasElement, bars: PeakBar[], progress: number) {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = canvas.getBoundingClientRect();
  if (width === 0) return;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.scale(ratio, ratio);
  const style = getComputedStyle(canvas);
  const played = style.getPropertyValue('--wave-played').trim() || '#6366f1';
  const rest = style.getPropertyValue('--wave-rest').trim() || '#a1a1aa';
  const step = width / bars.length;
  const mid = height / 2;
  bars.forEach((b, i) => {
    const top = mid - Math.max(0.5, b.max * (mid - 1));
    const bottom = mid - Math.min(-0.5, b.min * (mid - 1));
    ctx.fillStyle = i / bars.length < progress ? played : rest;
    ctx.fillRect(i * step, top, Math.max(1, step - 1), bottom - top);
  });
}

const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * One sample of a voice: its waveform drawn from the real audio (fetched, decoded with Web Audio) and a
 * play button. The audio plays from the fetched bytes, so it works with the bearer-token API too.
 */
export function SampleWaveform({
  voiceId,
  sampleId,
  label,
}: {
  voiceId: string;
  sampleId: string;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  // A sample's audio never changes under its id: fetched and decoded once, outside the ['voices'] keys
  // that every voice change invalidates.
  const audio = useQuery({
    queryKey: ['voice-samples', voiceId, sampleId],
    queryFn: async ({ signal }) => {
      const blob = await getSampleAudio(voiceId, sampleId, signal);
      return { blob, ...(await decodeWaveform(await blob.arrayBuffer(), BARS)) };
    },
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!audio.data) return;
    const made = URL.createObjectURL(audio.data.blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [audio.data]);
  const data = audio.data;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !data) return;
    drawBars(canvas, data.bars, progress);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => drawBars(canvas, data.bars, progress));
    observer?.observe(canvas);
    return () => observer?.disconnect();
  }, [data, progress]);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = () => {
    if (!data || !url) return;
    if (!audioRef.current) {
      const el = new Audio(url);
      el.addEventListener('timeupdate', () => setProgress(el.duration ? el.currentTime / el.duration : 0));
      el.addEventListener('ended', () => {
        setPlaying(false);
        setProgress(0);
      });
      audioRef.current = el;
    }
    const el = audioRef.current;
    if (playing) {
      el.pause();
      setPlaying(false);
    } else {
      void el.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };

  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <button
        type="button"
        onClick={toggle}
        disabled={!url}
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        className="grid size-8 shrink-0 place-items-center rounded-full bg-zinc-900 text-white disabled:opacity-40 dark:bg-white dark:text-zinc-900"
      >
        {playing ? <PauseIcon className="size-3.5" /> : <PlayIcon className="size-3.5" />}
      </button>
      <div className="relative h-10 min-w-0 flex-1">
        {audio.isPending ? (
          <div className="flex h-full items-center gap-2 text-xs text-zinc-500">
            <Spinner className="size-3.5" /> Loading waveform…
          </div>
        ) : audio.isError ? (
          <p className="flex h-full items-center text-xs text-rose-600">
            This sample could not be decoded in the browser.
          </p>
        ) : (
          <canvas
            ref={canvasRef}
            data-waveform="drawn"
            aria-label={`Waveform of ${label}`}
            role="img"
            className="h-full w-full [--wave-played:var(--color-indigo-500)] [--wave-rest:var(--color-zinc-400)] dark:[--wave-rest:var(--color-zinc-600)]"
          />
        )}
      </div>
      {data ? (
        <span className="w-10 shrink-0 text-right text-xs text-zinc-500 tabular-nums">
          {fmt(data.duration)}
        </span>
      ) : null}
    </div>
  );
}
