/**
 * The agent's voice: one sentence at a time to 16-bit PCM at the agent's output rate, through the speech
 * feature's engines and worker threads. Conversation audio is paid for by conversational minutes, not by
 * characters, so this does not reserve characters.
 */
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SpeechPlan } from '../../speech/speech-plan';
import { badRequest } from '../../errors';
import { renderSpeech, type SpeechRunner } from '../tts/speech-runner';
import type { CatalogueVoice } from '../voices/voice-builders';

export type AgentVoiceSettings = {
  stability?: number | null;
  similarity_boost?: number | null;
  speed?: number | null;
};

export class AgentVoices {
  constructor(
    private readonly engines: EngineRegistry,
    private readonly runner: SpeechRunner,
    private readonly voiceFor: (workspaceUserId: string | null, voiceId: string) => Promise<CatalogueVoice>,
  ) {}

  /** Plans the voice once per conversation; refuses a language no engine speaks. */
  async plan(input: {
    userId: string | null;
    voiceId: string;
    language: string;
    settings: AgentVoiceSettings;
  }): Promise<SpeechPlan> {
    const voice = await this.voiceFor(input.userId, input.voiceId);
    const plan = await planSpeech(this.engines, {
      voice,
      engine: 'auto',
      language: input.language,
      settings: {
        stability: input.settings.stability,
        similarity_boost: input.settings.similarity_boost,
        speed: input.settings.speed,
      },
    });
    if (!plan) throw badRequest(`No voice here speaks language ${input.language}.`, 'unsupported_language');
    return plan;
  }

  /** One sentence as PCM (little-endian 16-bit mono) at `format` (pcm_16000 …). */
  async speak(plan: SpeechPlan, text: string, format: string): Promise<Uint8Array> {
    return renderSpeech(this.runner, plan, text, parseOutputFormat(format)!);
  }
}

/** Splits streamed text into whole sentences as they complete; `flush` hands back the rest. */
export class SentenceSplitter {
  private buffer = '';
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    let m: RegExpExecArray | null;
    const re = /[.!?…]+["')\]]*\s+/g;
    let last = 0;
    while ((m = re.exec(this.buffer))) {
      const sentence = this.buffer.slice(last, m.index + m[0].length).trim();
      if (sentence) out.push(sentence);
      last = m.index + m[0].length;
    }
    this.buffer = this.buffer.slice(last);
    return out;
  }
  flush(): string | null {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest || null;
  }
}
