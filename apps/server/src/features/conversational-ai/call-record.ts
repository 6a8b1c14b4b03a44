/** The record a conversation keeps of a turn's tools and of the call's audio (conversation-session.ts). */
import type { TurnRecord } from './agent-responder';
import type { TranscriptEntry } from './conversation-session.types';

/** The passages a turn retrieved and the tools it called, on its transcript entry (SDK field names). */
export function recordTools(entry: TranscriptEntry, record: TurnRecord, eventId: number): void {
  if (record.passages.length)
    entry.retrieved_passages = record.passages.map((p) => ({
      document_id: p.documentId,
      document_name: p.documentName,
      chunk_id: `${p.documentId}_${p.ordinal}`,
      score: p.score,
      text: p.content,
    }));
  if (record.toolCalls.length) {
    entry.tool_calls = record.toolCalls.map((t, i) => ({
      request_id: `${eventId}_${i}`,
      tool_name: t.name,
      params_as_json: JSON.stringify(t.parameters),
      tool_has_been_called: true,
      type: t.type,
    }));
    entry.tool_results = record.toolCalls.map((t, i) => ({
      request_id: `${eventId}_${i}`,
      tool_name: t.name,
      result_value: t.result,
      ...(t.latencySecs !== undefined ? { tool_latency_secs: t.latencySecs } : {}),
      is_error: t.isError,
      tool_has_been_called: true,
      type: t.type,
    }));
  }
}

/**
 * The call as heard, at the user's rate: the user's audio with each agent sentence placed where it was sent,
 * cut where the user interrupted it (`cutAt`: event id → user sample).
 */
export async function mixRecording(
  userAudio: Int16Array[],
  userSamples: number,
  agentAudio: { at: number; pcm: Uint8Array; eventId: number }[],
  cutAt: Map<number, number>,
  toRecording: (pcm: Uint8Array) => Promise<Int16Array>,
): Promise<Int16Array> {
  const agent = await Promise.all(
    agentAudio.map(async (a) => {
      const pcm = await toRecording(a.pcm);
      const cut = cutAt.get(a.eventId);
      return { at: a.at, pcm: cut === undefined ? pcm : pcm.subarray(0, Math.max(0, cut - a.at)) };
    }),
  );
  const length = Math.max(userSamples, ...agent.map((a) => a.at + a.pcm.length), 0);
  const out = new Int16Array(length);
  let at = 0;
  for (const u of userAudio) {
    out.set(u, at);
    at += u.length;
  }
  for (const a of agent)
    for (let i = 0; i < a.pcm.length; i++)
      out[a.at + i] = Math.max(-32768, Math.min(32767, out[a.at + i]! + a.pcm[i]!));
  return out;
}
