import { useEffect, useRef } from 'react';

import { formatTime } from './player-reducer';

type WaveformSeekProps = {
  peaks: number[] | null;
  currentTime: number;
  duration: number | null;
  onSeek: (seconds: number) => void;
  disabled?: boolean;
};

function cssColor(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * The seek slider. Once the real audio is decoded its peaks are drawn on a canvas behind the slider
 * (played part in the accent colour); before that, a plain track. The native range input stays on top,
 * transparent, so pointer, touch and keyboard seeking and screen readers all work the same either way.
 */
export function WaveformSeek({ peaks, currentTime, duration, onSeek, disabled }: WaveformSeekProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const progress = duration ? Math.min(1, currentTime / duration) : 0;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !peaks || peaks.length === 0) return;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = canvas.getBoundingClientRect();
      if (width === 0) return;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.scale(ratio, ratio);
      const played = cssColor(canvas, '--wave-played', '#6366f1');
      const rest = cssColor(canvas, '--wave-rest', '#d4d4d8');
      const gap = 1.5;
      const bar = Math.max(1, width / peaks.length - gap);
      peaks.forEach((peak, i) => {
        const x = i * (bar + gap);
        const h = Math.max(2, peak * (height - 2));
        ctx.fillStyle = x / width < progress ? played : rest;
        ctx.beginPath();
        ctx.roundRect(x, (height - h) / 2, bar, h, bar / 2);
        ctx.fill();
      });
    };
    draw();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(draw);
    observer?.observe(canvas);
    return () => observer?.disconnect();
  }, [peaks, progress]);

  const hasWave = Boolean(peaks && peaks.length > 0);
  return (
    <div
      className="group relative h-9 w-full rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500/60"
      data-waveform={hasWave ? 'drawn' : 'pending'}
    >
      {hasWave ? (
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          className="absolute inset-0 size-full [--wave-played:var(--color-indigo-500)] [--wave-rest:var(--color-zinc-300)] dark:[--wave-played:var(--color-indigo-400)] dark:[--wave-rest:var(--color-zinc-700)]"
        />
      ) : (
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800">
          <div
            className="h-full rounded-full bg-indigo-500 dark:bg-indigo-400"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
      )}
      <input
        type="range"
        aria-label="Seek"
        data-player-seek=""
        aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
        min={0}
        max={duration ?? 0}
        step={0.01}
        value={Math.min(currentTime, duration ?? 0)}
        disabled={disabled || !duration}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        // Arrow keys are handled by the bar (3 s steps), not by the slider's own step.
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.preventDefault();
        }}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-default"
      />
    </div>
  );
}
