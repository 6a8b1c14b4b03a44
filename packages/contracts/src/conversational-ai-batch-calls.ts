/** Batch calls (conversationalAi.batchCalls.*, decision 228). */
import { z } from 'zod';
import { MAX_BATCH_RECIPIENTS } from '@vocalis/domain/conversational-ai/batch-recipients';
import {
  conversationInitiationClientData,
  dialableNumber,
  telephonyCallConfig,
} from './conversational-ai-phone-numbers';

export const batchRecipient = z.object({
  id: z.string().max(100).optional(),
  phone_number: dialableNumber,
  conversation_initiation_client_data: conversationInitiationClientData.optional(),
});

export const submitBatchBody = z.object({
  call_name: z.string().trim().min(1).max(200),
  agent_id: z.string().min(1).max(64),
  agent_phone_number_id: z.string().min(1).max(64),
  recipients: z.array(batchRecipient).min(1).max(MAX_BATCH_RECIPIENTS),
  scheduled_time_unix: z.number().int().min(0).optional(),
  timezone: z.string().max(100).optional(),
  telephony_call_config: telephonyCallConfig.optional(),
  target_concurrency_limit: z.number().int().min(1).max(1000).optional(),
});
export type SubmitBatchBody = z.infer<typeof submitBatchBody>;

export const batchParams = z.object({ batch_id: z.string().min(1).max(64) });
export const listBatchesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  last_doc: z.string().max(200).optional(),
  agent_id: z.string().max(64).optional(),
});

export const batchResponse = z.object({
  id: z.string(),
  phone_number_id: z.string().optional(),
  phone_provider: z.enum(['twilio', 'sip_trunk']).optional(),
  name: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
  created_at_unix: z.number(),
  scheduled_time_unix: z.number(),
  timezone: z.string().optional(),
  total_calls_dispatched: z.number(),
  total_calls_scheduled: z.number(),
  total_calls_finished: z.number(),
  last_updated_at_unix: z.number(),
  status: z.enum(['pending', 'in_progress', 'completed', 'failed', 'cancelled']),
  retry_count: z.number(),
  telephony_call_config: z.record(z.string(), z.unknown()),
  target_concurrency_limit: z.number().optional(),
});
export const recipientResponse = z.object({
  id: z.string(),
  phone_number: z.string(),
  status: z.enum([
    'pending',
    'dispatched',
    'initiated',
    'in_progress',
    'completed',
    'failed',
    'cancelled',
    'voicemail',
  ]),
  created_at_unix: z.number(),
  updated_at_unix: z.number(),
  conversation_id: z.string().optional(),
  conversation_initiation_client_data: z.record(z.string(), z.unknown()).optional(),
  /** Why the call failed (ours: the SDK passes it through). */
  error: z.string().optional(),
});
export const batchDetailResponse = batchResponse.extend({ recipients: z.array(recipientResponse) });
export const batchesPage = z.object({
  batch_calls: z.array(batchResponse),
  next_doc: z.string().optional(),
  has_more: z.boolean(),
});
