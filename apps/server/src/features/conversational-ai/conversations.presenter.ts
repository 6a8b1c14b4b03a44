import type { ConversationRow } from './conversations.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** The API's status: a running call whose heartbeat stopped is reported as failed. */
const statusOf = (row: ConversationRow) => row.status;

/** ConversationSummaryResponseModel. */
export function presentConversationSummary(row: ConversationRow) {
  return {
    agent_id: row.agentId,
    agent_name: row.agentName,
    conversation_id: row.id,
    start_time_unix_secs: unix(row.startedAt),
    call_duration_secs: Math.round(row.durationSeconds),
    message_count: row.transcript.length,
    status: statusOf(row),
    call_successful: 'unknown' as const,
    mode: row.mode,
  };
}

/** GetConversationResponseModel: transcript with timings, metadata, whether audio is stored. */
export function presentConversation(row: ConversationRow) {
  const meta = row.metadata as {
    dynamic_variables?: Record<string, unknown>;
    feedback?: unknown[];
    analysis?: Record<string, unknown>;
    agent_transfers?: unknown[];
    phone_call?: Record<string, unknown> & { batch_call?: Record<string, unknown> };
  };
  const { batch_call: batchCall, ...phoneCall } = meta.phone_call ?? {};
  return {
    agent_id: row.agentId,
    agent_name: row.agentName,
    conversation_id: row.id,
    status: statusOf(row),
    user_id: row.userId,
    transcript: row.transcript,
    metadata: {
      start_time_unix_secs: unix(row.startedAt),
      call_duration_secs: Math.round(row.durationSeconds),
      termination_reason: row.terminationReason ?? '',
      mode: row.mode,
      feedback: {
        likes: (meta.feedback ?? []).filter((f) => (f as { score: string }).score === 'like').length,
        dislikes: (meta.feedback ?? []).filter((f) => (f as { score: string }).score === 'dislike').length,
      },
      // transfer_to_agent hand-overs (decision 232): which agent answered from when.
      ...(meta.agent_transfers ? { agent_transfers: meta.agent_transfers } : {}),
      // Calls over a phone number (decision 226).
      ...(meta.phone_call ? { phone_call: phoneCall } : {}),
      ...(batchCall ? { batch_call: batchCall } : {}),
    },
    has_audio: row.hasAudio,
    has_user_audio: row.hasAudio,
    has_response_audio: row.hasAudio,
    has_auxiliary_audio: false,
    analysis: meta.analysis ?? null,
    conversation_initiation_client_data: { dynamic_variables: meta.dynamic_variables ?? {} },
  };
}
