/**
 * Speech-to-speech engines behind one interface: the built-in DSP conversion (voice-convert.ts) and an
 * HTTP adapter for a conversion server (http-conversion.ts). Input and output are mono 16-bit PCM.
 */
import { convertVoice, type ConversionReport, type ConversionTarget } from './voice-convert';

/** The voice to convert toward: its id (for a server that knows voices) and its measured profile. */
export interface ConverterTarget extends ConversionTarget {
  voiceId: string;
  name: string;
}

export interface ConversionInput {
  pcm: Int16Array;
  sampleRate: number;
  target: ConverterTarget;
  seed?: number;
}

export interface ConversionOutput {
  pcm: Int16Array;
  sampleRate: number;
  /** What the DSP conversion did (absent for a server). */
  report?: ConversionReport;
}

export interface VoiceConverter {
  /** `dsp` or `http`. */
  readonly kind: string;
  convert(input: ConversionInput, signal: AbortSignal): Promise<ConversionOutput>;
}

/** The built-in conversion: pitch level and range, formant scale and brightness by signal processing. */
export const dspConverter: VoiceConverter = {
  kind: 'dsp',
  async convert(input, signal) {
    signal.throwIfAborted();
    const { pcm, report } = convertVoice(input.pcm, input.sampleRate, input.target);
    return { pcm, sampleRate: input.sampleRate, report };
  },
};
