/** What a live conversation (conversation-session.ts) is given, and what it hands over when it ends. */
import type { SpeechToTextEngine } from '@vocalis/speech/stt/stt-engine';
import type { SpeechPlan } from '../../speech/speech-plan';
import type { ResponderContext } from './agent-responder';
import type { AgentTransferRule } from './agent-transfer';
import type { AgentVoices } from './agent-voice';
import type { CallTransfer } from './number-transfer';

export type TranscriptEntry = Record<string, unknown> & {
  role: 'user' | 'agent';
  message: string;
  time_in_call_secs: number;
};

export type SessionEnd = {
  transcript: TranscriptEntry[];
  durationSeconds: number;
  terminationReason: string;
  /** The call as heard: the user's audio with the agent's placed where it was sent (16 kHz). */
  recording: Int16Array;
  feedback: { score: string; event_id: number }[];
  /** transfer_to_agent hand-overs, in order (decision 232). */
  agentTransfers: { agent_id: string; agent_name: string; time_in_call_secs: number }[];
};

/** The agent that takes the conversation over (transfer_to_agent): how it answers and speaks. */
export type AgentSwitch = {
  agentId: string;
  agentName: string;
  firstMessage: string;
  responder: ResponderContext;
  voice: SessionOptions['voice'];
};

export type SessionOptions = {
  conversationId: string;
  firstMessage: string;
  responder: ResponderContext;
  voice: { voices: AgentVoices; plan: SpeechPlan; format: string; rate: number } | null;
  /** The recogniser for a language (the language_detection tool can change it mid-call). */
  stt: (language: string) => SpeechToTextEngine | null;
  language: string;
  maxSeconds: number;
  /** turn.turn_timeout: seconds of the user's silence after the agent spoke before it asks again. */
  turnTimeoutSeconds: number | null;
  silenceEndSeconds: number | null;
  /** The user may cut the agent off (conversation.client_events without 'interruption' turns it off). */
  interruptions?: boolean;
  send(message: object): void;
  close(code: number, reason: string): void;
  heartbeat(seconds: number): void;
  finish(end: SessionEnd): Promise<void>;
  toRecording(pcm: Uint8Array, rate: number): Promise<Int16Array>;
  /** Loads the agent a transfer rule names (same workspace), or null when it is gone. */
  transfer?(rule: AgentTransferRule): Promise<AgentSwitch | null>;
  /** A phone line's transfer to a number (transfer_to_number, decision 256); absent: not a phone call. */
  transferCall?: CallTransfer;
  log: { warn(obj: object, msg: string): void };
};
