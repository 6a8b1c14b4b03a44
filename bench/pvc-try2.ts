import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { createRhvoiceEngine, findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { baselineOf, fitOnBase, measureSamples } from '@vocalis/speech/profile/clone';
import { baseGender, fitRendering } from '@vocalis/speech/profile/fit';
import { fineTarget, longBaselineOf } from '@vocalis/speech/profile/fine-fit';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
const flite = createFliteEngine();
const espeak = await createEspeakEngine();
const install = findRhvoice();
const rh = install ? createRhvoiceEngine(install) : undefined;
const S: any[] = [
  ['lowm', espeak, 'en-us+m3', { pitch: 0.8, rate: 1.15 }],
  ['m', espeak, 'en-us+m1', { pitch: 1.1, rate: 0.9 }],
  ['f', espeak, 'en-us+f4', { pitch: 1, rate: 1 }],
  ['hif', flite, 'slt', { pitch: 1.3, rate: 0.85 }],
];
const bases: any[] = [['flite', flite, { male: 'kal16', female: 'slt' }], ...(rh ? [['rh', rh, { male: 'bdl', female: 'clb' }]] : [])];
const tot: Record<string, number[]> = {};
for (const [l, e, v, p] of S) {
  const clips = [];
  for (let i = 0; i < 10; i += 2) clips.push(await synthesizeToPcm({ engine: e, voice: v, text: HARVARD_SENTENCES.slice(i, i + 2).join(' '), prosody: p }));
  const held = await measureSamples([await synthesizeToPcm({ engine: e, voice: v, text: EVERYDAY_SENTENCES.join(' '), prosody: p })]);
  const ivcT = await measureSamples(clips);
  const ft = await fineTarget(clips);
  for (const [bn, be, bv] of bases) {
    const voice = bv[baseGender(ivcT.pitchHz)];
    const heldSay = async (r: any) => measureSamples([await synthesizeToPcm({ engine: be, voice, text: EVERYDAY_SENTENCES.join(' '), prosody: { ...r.prosody, range: 1 }, brightnessDb: r.brightnessDb, speakerBoost: true })]);
    const short = await baselineOf({ engine: be, voice }); const long = await longBaselineOf({ engine: be, voice });
    const nope = async () => { throw new Error('x'); };
    const variants: Record<string, any> = {
      ivc: (await fitOnBase(ivcT, { engine: be, voice, steps: 0 })).rendering,
      sentPitch_wholeRate_short: (await fitRendering({ ...ivcT, pitchHz: ft.measure.pitchHz }, nope, { baseline: short, steps: 0 })).rendering,
      sentBoth_short: (await fitRendering(ft.measure, nope, { baseline: short, steps: 0 })).rendering,
      whole_long: (await fitRendering(ivcT, nope, { baseline: long, steps: 0 })).rendering,
      avgbase_whole: (await fitRendering(ivcT, nope, { baseline: { ...short, syllablesPerSecond: (short.syllablesPerSecond + long.syllablesPerSecond) / 2 }, steps: 0 })).rendering,
    };
    const out: string[] = [];
    for (const [k, r] of Object.entries(variants)) {
      const g = await heldSay(r);
      const pe = Math.abs(g.pitchHz / held.pitchHz - 1) * 100, re = Math.abs(g.syllablesPerSecond / held.syllablesPerSecond - 1) * 100;
      (tot[k] ??= []).push(pe, re);
      out.push(`${k} ${pe.toFixed(1)}/${re.toFixed(1)}`);
    }
    console.log(l, bn, out.join(' | '));
  }
}
for (const [k, v] of Object.entries(tot)) { const pe = v.filter((_, i) => i % 2 === 0), re = v.filter((_, i) => i % 2); console.log(k, 'mean pitch err', (pe.reduce((a, b) => a + b) / pe.length).toFixed(2), 'mean rate err', (re.reduce((a, b) => a + b) / re.length).toFixed(2)); }
process.exit(0);
