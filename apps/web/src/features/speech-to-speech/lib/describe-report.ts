import type { ConversionReport } from '../api/convert-speech';

/** One line saying what the DSP conversion did, for the result panel. */
export function describeReport(r: ConversionReport): string {
  const parts = [
    `pitch ${r.source_pitch_hz} Hz → ${r.target_pitch_hz} Hz`,
    `intonation range ×${r.range_factor}`,
    `formants ×${r.formant_scale}`,
    `brightness ${r.brightness_db > 0 ? '+' : ''}${r.brightness_db} dB`,
  ];
  return parts.join(' · ');
}
