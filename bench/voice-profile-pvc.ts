/**
 * Professional against instant fitting (`npx tsx bench/voice-profile.ts --pvc`): each sample voice
 * reads the ten Harvard sentences as five two-sentence samples, and a captcha text (two sentences) as
 * its verification reading; the instant fit (fitOnBase, 0 steps, as POST /v1/voices/add) is made from
 * the samples, the professional fit (fineTarget + fineFitOnBase, as the PVC training job) from the
 * samples and the reading. Each clone reads the ten held-out everyday sentences and is compared with
 * the same sample voice reading those sentences: pitch median, syllable rate, and speaking time of the
 * same text. Prints per row and the mean absolute errors.
 */
import { captchaText } from '@vocalis/domain/voices/professional-cloning';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { fitOnBase, measureSamples } from '@vocalis/speech/profile/clone';
import { baseGender, type FittedRendering } from '@vocalis/speech/profile/fit';
import { fineFitOnBase, fineTarget } from '@vocalis/speech/profile/fine-fit';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';

type Sample = [string, SpeechEngine, string, { pitch: number; rate: number }];
type Base = [string, SpeechEngine, { male: string; female: string }];

const HELD_OUT = EVERYDAY_SENTENCES.join(' ');
const err = (got: number, want: number) => Math.abs(got / want - 1) * 100;

/** Prints the PVC/IVC table and the means. */
export async function comparePvcIvc(samples: Sample[], bases: Base[]): Promise<void> {
  const errors = {
    ivc: { pitch: [] as number[], rate: [] as number[], time: [] as number[] },
    pvc: { pitch: [] as number[], rate: [] as number[], time: [] as number[] },
  };
  console.log(
    '| sample | held-out f0 / rate | base | IVC f0 err | IVC rate err | IVC time err | PVC f0 err | PVC rate err | PVC time err |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, engine, voice, prosody] of samples) {
    const clips = [];
    for (let i = 0; i < HARVARD_SENTENCES.length; i += 2)
      clips.push(
        await synthesizeToPcm({ engine, voice, text: HARVARD_SENTENCES.slice(i, i + 2).join(' '), prosody }),
      );
    const held = await measureSamples([await synthesizeToPcm({ engine, voice, text: HELD_OUT, prosody })]);
    const instant = await measureSamples(clips);
    const readingText = captchaText(voice, 0);
    const reading = {
      audio: await synthesizeToPcm({ engine, voice, text: readingText, prosody }),
      text: readingText,
    };
    const fine = await fineTarget(clips, reading);
    for (const [name, base, voices] of bases) {
      const baseVoice = voices[baseGender(instant.pitchHz)];
      const speak = async (r: FittedRendering) =>
        measureSamples([
          await synthesizeToPcm({
            engine: base,
            voice: baseVoice,
            text: HELD_OUT,
            prosody: { ...r.prosody, range: 1 },
            brightnessDb: r.brightnessDb,
            speakerBoost: true,
          }),
        ]);
      const ivc = await speak(
        (await fitOnBase(instant, { engine: base, voice: baseVoice, steps: 0 })).rendering,
      );
      const pvc = await speak((await fineFitOnBase(fine, { engine: base, voice: baseVoice })).rendering);
      const row = {
        ivc: [
          err(ivc.pitchHz, held.pitchHz),
          err(ivc.syllablesPerSecond, held.syllablesPerSecond),
          err(ivc.speechSeconds, held.speechSeconds),
        ],
        pvc: [
          err(pvc.pitchHz, held.pitchHz),
          err(pvc.syllablesPerSecond, held.syllablesPerSecond),
          err(pvc.speechSeconds, held.speechSeconds),
        ],
      };
      for (const k of ['ivc', 'pvc'] as const) {
        errors[k].pitch.push(row[k][0]!);
        errors[k].rate.push(row[k][1]!);
        errors[k].time.push(row[k][2]!);
      }
      console.log(
        `| ${label} | ${held.pitchHz.toFixed(0)} Hz / ${held.syllablesPerSecond.toFixed(2)} syl/s | ${name} ${baseVoice} | ` +
          `${row.ivc.map((e) => `${e.toFixed(1)} %`).join(' | ')} | ${row.pvc.map((e) => `${e.toFixed(1)} %`).join(' | ')} |`,
      );
    }
  }
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2);
  console.log(
    `\nmean absolute error: IVC pitch ${mean(errors.ivc.pitch)} %, rate ${mean(errors.ivc.rate)} %, ` +
      `speaking time ${mean(errors.ivc.time)} %; PVC pitch ${mean(errors.pvc.pitch)} %, ` +
      `rate ${mean(errors.pvc.rate)} %, speaking time ${mean(errors.pvc.time)} %`,
  );
}
