/**
 * The profile a conversion moves toward: the target voice speaking a fixed reference text through its own
 * speech plan (engine, engine voice, prosody, brightness), measured like a cloning sample (decision 060).
 * One synthesis per distinct plan, kept for the process, so premade, cloned, designed and library voices are
 * all measured the same way as they actually sound.
 */
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { measureVoice, type VoiceMeasure } from '@vocalis/speech/profile/measure';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import type { SpeechPlan } from '../../speech/speech-plan';

/** Three Harvard sentences: enough voiced speech for a stable median and range, a second or two to speak. */
export const REFERENCE_TEXT = HARVARD_SENTENCES.slice(0, 3).join(' ');
const MEASURE_FORMAT = parseOutputFormat('pcm_16000')!;
const KEEP = 200;

export type Render = (plan: SpeechPlan, text: string, format: typeof MEASURE_FORMAT) => Promise<Uint8Array>;

export class TargetProfiles {
  private readonly measured = new Map<string, Promise<VoiceMeasure>>();

  constructor(private readonly render: Render) {}

  /** The measured profile of a voice as `plan` speaks it. */
  of(plan: SpeechPlan): Promise<VoiceMeasure> {
    const key = JSON.stringify([
      plan.engineId,
      plan.engineVoice,
      plan.language,
      plan.params,
      plan.brightnessDb,
    ]);
    let m = this.measured.get(key);
    if (!m) {
      m = this.measure(plan);
      // A failed synthesis is not kept: the next request tries again.
      m.catch(() => this.measured.delete(key));
      if (this.measured.size >= KEEP) this.measured.delete(this.measured.keys().next().value!);
      this.measured.set(key, m);
    }
    return m;
  }

  private async measure(plan: SpeechPlan): Promise<VoiceMeasure> {
    const bytes = await this.render(plan, REFERENCE_TEXT, MEASURE_FORMAT);
    const pcm = new Int16Array(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.byteLength & ~1)),
    );
    return measureVoice(pcm, 16000);
  }
}
