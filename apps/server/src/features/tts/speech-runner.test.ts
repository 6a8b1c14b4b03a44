import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { WorkerExitError, WorkerPool } from '@vocalis/speech/pool/worker-pool';
import { createEngineRegistry } from '../../speech/engines';
import type { SpeechJob, SpeechJobPart } from './speech-job';
import { createSpeechRunner, type SpeechRunner } from './speech-runner';
import type { TimedAudio } from './tts-generation';

const part = (text: string, more: Partial<SpeechJobPart> = {}): SpeechJobPart => ({
  text,
  voiceId: 'voice',
  engineId: 'flite',
  engineVoice: 'kal16',
  language: 'en',
  prosody: { rate: 1, pitch: 1, pitchVariation: 1, range: 1 },
  speakerBoost: true,
  ...more,
});
const job = (parts: SpeechJobPart[], format = 'mp3_44100_128'): SpeechJob => ({
  parts,
  target: parseOutputFormat(format)!,
  normalization: 'auto',
});
const DIALOGUE = job([
  part('Good morning. The train leaves at 9:30.'),
  // Flite only: eSpeak's output depends on what its instance spoke before (and f3 adds noise).
  part('Thank you, I will be there.', { engineVoice: 'slt' }),
]);

const CRASH_TEXT = 'Crash the worker here. Then say more.';

let open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.map((r) => r.close()));
  open = [];
});
const keep = <T extends { close(): Promise<void> }>(r: T) => (open.push(r), r);

async function collect(
  runner: Pick<SpeechRunner, 'run'>,
  j: SpeechJob,
  signal = new AbortController().signal,
) {
  const parts: TimedAudio[] = [];
  for await (const p of runner.run(j, signal)) parts.push(p);
  return parts;
}

/** Flite child processes of this process (the test's own, and its worker threads'). */
const fliteChildren = () =>
  execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,stat=,args='])
    .toString()
    .split('\n')
    .filter((l) => l.includes('flite-child.mjs'))
    .map((l) => Number(l.trim().split(/\s+/)[0]));

describe('speech runner', { timeout: 60_000 }, () => {
  const engines = createEngineRegistry({});

  it('makes the same audio, alignments and voice segments in a worker thread as on the main thread', async () => {
    const inWorker = await collect(keep(createSpeechRunner({ speechWorkers: 1 }, engines)), DIALOGUE);
    const onMain = await collect(keep(createSpeechRunner({ speechWorkers: 0 }, engines)), DIALOGUE);
    expect(inWorker.length).toBeGreaterThan(2);
    // Compared as plain data (a failing deep diff of the raw byte arrays takes a minute to print).
    const plain = (ps: TimedAudio[]) =>
      ps.map((p) => ({ ...p, audio: Buffer.from(p.audio).toString('base64') }));
    expect(plain(inWorker)).toEqual(plain(onMain));
  });

  it('sends the first moments of the first sentence ahead of the rest, and the audio joins up the same', async () => {
    const runner = keep(createSpeechRunner({ speechWorkers: 0 }, engines));
    const whole = await collect(runner, DIALOGUE);
    const split = await collect(runner, { ...DIALOGUE, firstChunkSeconds: 0.4 });
    expect(split).toHaveLength(whole.length + 1);
    const joined = (ps: TimedAudio[]) => Buffer.concat(ps.map((p) => p.audio)).toString('base64');
    expect(joined(split)).toBe(joined(whole));
    // 0.4 s at 128 kbps is 6,400 bytes (the encoder holds back a frame or two); the sentence is ~0.8 s.
    expect(split[0]!.audio.length).toBeGreaterThan(4000);
    expect(split[0]!.audio.length).toBeLessThan(7000);
    expect(whole[0]!.audio.length).toBeGreaterThan(12000);
    expect(split[0]!.alignment).toBeNull();
    const timings = (ps: TimedAudio[]) => ps.map(({ audio: _, ...rest }) => rest);
    expect(timings(split.slice(1))).toEqual(timings(whole));
  });

  it('fails the generation whose worker crashed, and the next one is made by a fresh worker', async () => {
    const before = fliteChildren();
    const pool = keep(
      new WorkerPool<SpeechJob, TimedAudio>({
        entry: new URL('../../testing/crashing-speech-worker.ts', import.meta.url),
        size: 1,
        data: { crashText: CRASH_TEXT },
      }),
    );
    const crashed = collect(pool, job([part(CRASH_TEXT)]));
    await expect(crashed).rejects.toBeInstanceOf(WorkerExitError);
    const next = await collect(pool, job([part('Still here.')]));
    expect(next.map((p) => p.alignment?.characters.join('') ?? '').join('')).toBe('Still here.');
    // The dead thread stopped its Flite child; only the new thread's child is left.
    expect(fliteChildren().filter((pid) => !before.includes(pid))).toHaveLength(1);
    await pool.close();
    expect(fliteChildren().filter((pid) => !before.includes(pid))).toHaveLength(0);
  });

  it('cancelling a generation frees its worker for the next one', async () => {
    const pool = keep(createSpeechRunner({ speechWorkers: 1 }, engines)) as WorkerPool<SpeechJob, TimedAudio>;
    const long = job([part('One sentence after another. '.repeat(60).trim())]);
    const controller = new AbortController();
    const it = pool.run(long, controller.signal)[Symbol.asyncIterator]();
    await it.next();
    controller.abort(new Error('client disconnected'));
    await expect(it.next()).rejects.toThrow('client disconnected');
    for (let i = 0; i < 200 && pool.stats().jobs > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pool.stats()).toEqual({ workers: 1, jobs: 0 });
    expect(await collect(pool, job([part('Next.')]))).not.toHaveLength(0);
  });
});
