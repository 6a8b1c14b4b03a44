/**
 * End of turn on a live 16 kHz stream (decision 153): an energy voice-activity detector with an adaptive noise
 * floor. Speech starts after 100 ms of frames well above the floor; the turn ends after `endSilenceMs` of
 * frames back near it (or at `maxTurnMs`). The utterance handed back keeps 200 ms before the start, so the
 * recogniser hears the first consonant.
 */

const FRAME = 320; // 20 ms at 16 kHz
const PRE_ROLL_FRAMES = 10;
const START_FRAMES = 5;

export type TurnEvent = { type: 'speech_start' } | { type: 'turn_end'; pcm: Int16Array; forced: boolean };

export type TurnDetectorOptions = { endSilenceMs?: number; maxTurnMs?: number; minSpeechMs?: number };

const levelDb = (frame: Int16Array): number => {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  const rms = Math.sqrt(sum / frame.length) / 32768;
  return rms > 0 ? Math.max(-100, 20 * Math.log10(rms)) : -100;
};

export class TurnDetector {
  private pending = new Int16Array(0);
  private floor: number | null = null;
  private recent: boolean[] = [];
  private preRoll: Int16Array[] = [];
  private utterance: Int16Array[] | null = null;
  private speechFrames = 0;
  private silentFrames = 0;
  private readonly endFrames: number;
  private readonly maxFrames: number;
  private readonly minSpeechFrames: number;

  constructor(opts: TurnDetectorOptions = {}) {
    this.endFrames = Math.round((opts.endSilenceMs ?? 700) / 20);
    this.maxFrames = Math.round((opts.maxTurnMs ?? 30_000) / 20);
    this.minSpeechFrames = Math.round((opts.minSpeechMs ?? 200) / 20);
  }

  /** Whether the user is speaking now (a turn has started and not ended). */
  get speaking(): boolean {
    return this.utterance !== null;
  }

  /** Feeds samples; returns what happened in them, in order. */
  push(samples: Int16Array): TurnEvent[] {
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const events: TurnEvent[] = [];
    let at = 0;
    for (; at + FRAME <= all.length; at += FRAME) {
      const event = this.frame(all.slice(at, at + FRAME));
      if (event) events.push(event);
    }
    this.pending = all.slice(at);
    return events;
  }

  private frame(frame: Int16Array): TurnEvent | null {
    const level = levelDb(frame);
    // The first frame sets the floor; then it follows quiet frames down at once and creeps up slowly, so
    // steady noise is learned and never counts as speech.
    const floor = this.floor ?? level;
    const voiced = level > Math.max(floor + 12, -50);
    this.floor = level < floor ? level : floor * 0.995 + level * 0.005;
    this.recent.push(voiced);
    if (this.recent.length > 8) this.recent.shift();

    if (!this.utterance) {
      this.preRoll.push(frame);
      if (this.preRoll.length > PRE_ROLL_FRAMES) this.preRoll.shift();
      if (this.recent.filter(Boolean).length >= START_FRAMES) {
        this.utterance = [...this.preRoll];
        this.preRoll = [];
        this.speechFrames = this.recent.filter(Boolean).length;
        this.silentFrames = 0;
        return { type: 'speech_start' };
      }
      return null;
    }
    this.utterance.push(frame);
    if (voiced) {
      this.speechFrames++;
      this.silentFrames = 0;
    } else this.silentFrames++;
    const forced = this.utterance.length >= this.maxFrames;
    if (this.silentFrames < this.endFrames && !forced) return null;
    const frames = this.utterance;
    this.utterance = null;
    this.recent = [];
    if (this.speechFrames < this.minSpeechFrames) return null;
    const pcm = new Int16Array(frames.length * FRAME);
    frames.forEach((f, i) => pcm.set(f, i * FRAME));
    return { type: 'turn_end', pcm, forced };
  }
}
