/**
 * Sound effects (docs/decisions/102): every example prompt of the explore pages, 10 s each, through the built-in
 * generator. Prints the generation speed (real-time factor: seconds of audio per CPU second, synthesis alone and
 * with the watermark and mp3 encoding the API adds), a property check per category (the measure that says the
 * sound is what the prompt asks), the loop seam, and whether the watermark is found after mp3 encoding.
 * Run: npx tsx bench/sound-effects.ts
 */
import { CATEGORIES, matchSoundPrompt, type SoundCategory } from '@vocalis/domain/audio-tools/sound-effects';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import {
  centroidHz,
  envelope,
  envelopePeriod,
  flatness,
  peakHz,
  seamRatio,
  transientRate,
} from '@vocalis/speech/sfx/sound-measures';
import { SFX_RATE, synthesizeSound } from '@vocalis/speech/sfx/synthesize';
import { classifyAudio } from '@vocalis/speech/watermark/classify';
import { embedWatermark } from '@vocalis/speech/watermark/embed';
import { SOUND_PROFILE } from '@vocalis/speech/watermark/scheme';

const SECONDS = 10;
const KEY = 'bench-key';

/** The seam step over the 99th percentile of steps between neighbours (a cut shows well above 1). */
function seamP99(pcm: Int16Array): number {
  const steps: number[] = [];
  for (let i = 1; i < pcm.length; i++) steps.push(Math.abs(pcm[i]! - pcm[i - 1]!));
  steps.sort((a, b) => a - b);
  return Math.abs(pcm[0]! - pcm[pcm.length - 1]!) / (steps[Math.floor(steps.length * 0.99)]! || 1);
}

/** The measure and its check for each category: [what is measured, value, passes]. */
function check(category: SoundCategory, prompt: string, pcm: Int16Array): [string, string, boolean] {
  const r = SFX_RATE;
  switch (category) {
    case 'rain': {
      const f = flatness(pcm, r);
      const t = transientRate(pcm, r);
      return ['flatness, transients/s', `${f.toFixed(2)}, ${t.toFixed(0)}`, f > 0.5 && t > 15];
    }
    case 'thunder': {
      // The clap is broadband; the rumble after its first second is low.
      const c = centroidHz(pcm.subarray(r), r);
      return ['centroid after the clap', `${c.toFixed(0)} Hz`, c < 600];
    }
    case 'wind': {
      const f = flatness(pcm, r);
      const c = centroidHz(pcm, r);
      return ['flatness, centroid', `${f.toFixed(2)}, ${c.toFixed(0)} Hz`, f < 0.5 && c < 2000];
    }
    case 'ocean': {
      const p = envelopePeriod(pcm, r, 3, 9);
      return ['swell period', `${p.toFixed(1)} s`, p >= 4 && p <= 8];
    }
    case 'fire': {
      const t = transientRate(pcm, r);
      const c = centroidHz(pcm, r);
      return ['crackles/s, centroid', `${t.toFixed(0)}, ${c.toFixed(0)} Hz`, t > 5 && c < 3000];
    }
    case 'engine': {
      const f = peakHz(pcm, r, 20);
      return ['firing tone', `${f.toFixed(0)} Hz`, f >= 25 && f <= 100];
    }
    case 'footsteps': {
      const p = envelopePeriod(pcm, r, 0.2, 0.9);
      return ['step interval', `${p.toFixed(2)} s`, p >= 0.28 && p <= 0.8];
    }
    case 'clicks': {
      const t = transientRate(pcm, r);
      return ['clicks/s', t.toFixed(1), t >= 1];
    }
    case 'whoosh': {
      const e = envelope(pcm, r, 100);
      const mid = e[Math.floor(e.length / 2)]!;
      const ratio = mid / Math.max(e[0]!, e[e.length - 1]!, 1e-9);
      return ['middle / ends level', ratio.toFixed(1), ratio > 3];
    }
    case 'tone': {
      const want = /(\d+)\s*hz/i.exec(prompt) ? Number(/(\d+)\s*hz/i.exec(prompt)![1]) : 1000;
      const f = peakHz(pcm, r);
      return ['pitch', `${f.toFixed(0)} Hz (asked ${want})`, Math.abs(f / want - 1) < 0.02];
    }
    case 'ui': {
      const f = peakHz(pcm, r, 100);
      return ['main partial', `${f.toFixed(0)} Hz`, f > 300 && f < 3000];
    }
    case 'alarm': {
      const a = peakHz(pcm.subarray(0, r * 0.25), r, 300);
      const b = peakHz(pcm.subarray(Math.round(r * 0.6), Math.round(r * 0.85)), r, 300);
      const e = envelope(pcm, r, 50);
      const gated = Math.min(...e) < 0.1 * Math.max(...e);
      return [
        'pitch sweep or gating',
        `${a.toFixed(0)}→${b.toFixed(0)} Hz, gated ${gated}`,
        gated || Math.abs(a - b) > 150,
      ];
    }
    case 'heartbeat': {
      const p = envelopePeriod(pcm, r, 0.4, 1.5);
      return ['beat period', `${p.toFixed(2)} s (${(60 / p).toFixed(0)} bpm)`, p > 0.45 && p < 1.2];
    }
    case 'noise': {
      const c = centroidHz(pcm, r);
      const f = flatness(pcm, r);
      const brown = /brown/i.test(prompt);
      return ['centroid, flatness', `${c.toFixed(0)} Hz, ${f.toFixed(2)}`, brown ? c < 500 : f > 0.3];
    }
  }
}

const cpu = () => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;

async function main() {
  console.log(
    `| Category | Prompt | Measure | Value | Check | RTF synth | RTF API path | Loop seam / median step | Loop seam / p99 step | Watermark after mp3 |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let synthCpu = 0;
  let fullCpu = 0;
  let total = 0;
  let passed = 0;
  let marked = 0;
  let n = 0;
  for (const c of CATEGORIES) {
    for (const prompt of c.examples) {
      const m = matchSoundPrompt(prompt);
      if (!m.ok) throw new Error(prompt);
      let t0 = cpu();
      const pcm = synthesizeSound({
        plan: m.plan,
        seconds: SECONDS,
        loop: false,
        promptInfluence: 0.3,
        seed: 11,
      });
      const s = cpu() - t0;
      t0 = cpu();
      const marked16 = embedWatermark(pcm, SFX_RATE, KEY, SOUND_PROFILE);
      const mp3 = await encodeAudio(marked16, SFX_RATE, 'mp3_44100_128');
      const full = s + (cpu() - t0);
      const loop = synthesizeSound({
        plan: m.plan,
        seconds: SECONDS,
        loop: true,
        promptInfluence: 0.3,
        seed: 11,
      });
      const [measure, value, ok] = check(c.id, prompt, pcm);
      const wm = (await classifyAudio(mp3, KEY)).generatedHere;
      synthCpu += s;
      fullCpu += full;
      total += SECONDS;
      passed += ok ? 1 : 0;
      marked += wm ? 1 : 0;
      n++;
      console.log(
        `| ${c.name} | ${prompt} | ${measure} | ${value} | ${ok ? 'pass' : 'FAIL'} | ${(SECONDS / s).toFixed(0)}x | ${(SECONDS / full).toFixed(0)}x | ${seamRatio(loop).toFixed(1)} | ${seamP99(loop).toFixed(2)} | ${wm ? 'found' : 'not found'} |`,
      );
    }
  }
  console.log(
    `\n${n} prompts, ${total} s of audio: synthesis ${(total / synthCpu).toFixed(0)}x real time, with watermark and mp3 ${(total / fullCpu).toFixed(0)}x; property checks ${passed}/${n}; watermark found after mp3 in ${marked}/${n}.`,
  );
}

await main();
