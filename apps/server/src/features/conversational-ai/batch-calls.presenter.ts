import type { BatchCounts, BatchRow, RecipientRow } from './batch-calls.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** BatchCallResponse (SDK shape). */
export function presentBatch(b: BatchRow, counts: BatchCounts | undefined) {
  return {
    id: b.id,
    ...(b.phoneNumberId ? { phone_number_id: b.phoneNumberId } : {}),
    phone_provider: b.provider,
    name: b.name,
    agent_id: b.agentId,
    agent_name: b.agentName,
    created_at_unix: unix(b.createdAt),
    scheduled_time_unix: unix(b.scheduledAt),
    ...(b.timezone ? { timezone: b.timezone } : {}),
    total_calls_dispatched: counts?.dispatched ?? 0,
    total_calls_scheduled: counts?.total ?? 0,
    total_calls_finished: counts?.finished ?? 0,
    last_updated_at_unix: unix(b.updatedAt),
    status: b.status as 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled',
    retry_count: b.retryCount,
    telephony_call_config: b.telephonyCallConfig,
    ...(b.targetConcurrencyLimit ? { target_concurrency_limit: b.targetConcurrencyLimit } : {}),
  };
}

export function presentRecipient(r: RecipientRow) {
  return {
    id: r.id,
    phone_number: r.phoneNumber,
    status: r.status as 'pending',
    created_at_unix: unix(r.createdAt),
    updated_at_unix: unix(r.updatedAt),
    ...(r.conversationId ? { conversation_id: r.conversationId } : {}),
    conversation_initiation_client_data: r.clientData,
    ...(r.error ? { error: r.error } : {}),
  };
}
