/**
 * The real-time protocol `@elevenlabs/client` speaks over WebSocket (decision 153): what the client sends and
 * the events the server answers with, in the client's field names.
 */
import { z } from 'zod';

const override = z.looseObject({
  agent: z
    .looseObject({
      prompt: z.looseObject({ prompt: z.string().max(100_000).nullish() }).nullish(),
      first_message: z.string().max(5000).nullish(),
      language: z.string().max(10).nullish(),
    })
    .nullish(),
  tts: z
    .looseObject({
      voice_id: z.string().max(64).nullish(),
      speed: z.number().min(0.7).max(1.2).nullish(),
      stability: z.number().min(0).max(1).nullish(),
      similarity_boost: z.number().min(0).max(1).nullish(),
    })
    .nullish(),
  conversation: z.looseObject({ text_only: z.boolean().nullish() }).nullish(),
});

export const initiationData = z.looseObject({
  type: z.literal('conversation_initiation_client_data'),
  conversation_config_override: override.nullish(),
  dynamic_variables: z
    .record(z.string().max(200), z.union([z.string().max(10_000), z.number(), z.boolean()]))
    .nullish(),
  user_id: z.string().max(200).nullish(),
});
export type InitiationData = z.infer<typeof initiationData>;

export const clientMessage = z.union([
  z.object({ user_audio_chunk: z.string().max(2_000_000) }),
  z.looseObject({ type: z.literal('pong'), event_id: z.number().optional() }),
  z.looseObject({
    type: z.literal('client_tool_result'),
    tool_call_id: z.string(),
    result: z.unknown(),
    is_error: z.boolean().optional(),
  }),
  z.looseObject({ type: z.literal('user_message'), text: z.string().max(10_000) }),
  z.looseObject({ type: z.literal('contextual_update'), text: z.string().max(10_000) }),
  z.looseObject({ type: z.literal('user_activity') }),
  z.looseObject({ type: z.literal('feedback'), score: z.enum(['like', 'dislike']), event_id: z.number() }),
  initiationData,
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const serverEvents = {
  metadata: (conversationId: string, outputFormat: string) => ({
    type: 'conversation_initiation_metadata',
    conversation_initiation_metadata_event: {
      conversation_id: conversationId,
      agent_output_audio_format: outputFormat,
      user_input_audio_format: 'pcm_16000',
    },
  }),
  userTranscript: (text: string, eventId: number) => ({
    type: 'user_transcript',
    user_transcription_event: { user_transcript: text, event_id: eventId },
  }),
  agentResponse: (text: string, eventId: number) => ({
    type: 'agent_response',
    agent_response_event: { agent_response: text, event_id: eventId },
  }),
  audio: (pcm: Uint8Array, eventId: number) => ({
    type: 'audio',
    audio_event: { audio_base_64: Buffer.from(pcm).toString('base64'), event_id: eventId },
  }),
  interruption: (eventId: number) => ({ type: 'interruption', interruption_event: { event_id: eventId } }),
  ping: (eventId: number, pingMs: number | null) => ({
    type: 'ping',
    ping_event: { event_id: eventId, ping_ms: pingMs },
  }),
  clientToolCall: (name: string, id: string, parameters: unknown, expectsResponse: boolean) => ({
    type: 'client_tool_call',
    client_tool_call: { tool_name: name, tool_call_id: id, parameters, expects_response: expectsResponse },
  }),
  error: (errorType: string, message: string) => ({
    type: 'error',
    error_event: { error_type: errorType, message },
  }),
};
