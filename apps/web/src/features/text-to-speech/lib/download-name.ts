import type { VoiceSettingsValue } from '@/lib/voice-settings-bounds';

const CATEGORY_SUFFIX: Record<string, string> = {
  generated: 'gen',
  professional: 'pvc',
  premade: 'pre',
  cloned: 'ivc',
};

/** "strip illegal characters, collapse spaces to underscores, truncate to 255" (§5). */
export function sanitizeFileName(name: string, max = 255): string {
  return Array.from(name)
    .filter((ch) => ch.charCodeAt(0) >= 32 && !'<>:"/\\|?*'.includes(ch))
    .join('')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, max);
}

/**
 * The file name of a generation: timestamp, voice name, category suffix, voice settings and model code
 * (§5), e.g. `Vocalis_2026-11-22T06_30_05_Aria_pre_s50_sb75_se0_b_m2.mp3`.
 */
export function downloadFileName(input: {
  date: Date;
  voiceName: string;
  category: string;
  settings: VoiceSettingsValue;
  modelId: string;
}): string {
  const stamp = input.date.toISOString().slice(0, 19).replace(/:/g, '_');
  const pct = (n: number) => Math.round(n * 100);
  const s = input.settings;
  const settings = `s${pct(s.stability)}_sb${pct(s.similarity_boost)}_se${pct(s.style)}${s.use_speaker_boost ? '_b' : ''}_sp${pct(s.speed)}`;
  const model = input.modelId
    .replace(/^eleven_/, '')
    .replace(/[^A-Za-z0-9_]+/g, '')
    .slice(0, 24);
  const suffix = CATEGORY_SUFFIX[input.category] ?? input.category;
  const base = sanitizeFileName(`Vocalis_${stamp}_${input.voiceName}_${suffix}_${settings}_${model}`, 251);
  return `${base}.mp3`;
}

/** Saves a blob or URL under `fileName` through a temporary link. */
export function saveFile(source: Blob | string, fileName: string): void {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof source !== 'string') window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
