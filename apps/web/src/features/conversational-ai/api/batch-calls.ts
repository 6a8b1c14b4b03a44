import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useLiveCollection, useLiveStatus } from '@/lib/live';

export type Batch = {
  id: string;
  name: string;
  agent_name: string;
  status: 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled';
  scheduled_time_unix: number;
  total_calls_scheduled: number;
  total_calls_dispatched: number;
  total_calls_finished: number;
  retry_count: number;
};
export type Recipient = {
  id: string;
  phone_number: string;
  status: string;
  conversation_id?: string;
  error?: string;
  conversation_initiation_client_data?: { dynamic_variables?: Record<string, string> };
};
export type NewBatch = {
  call_name: string;
  agent_id: string;
  agent_phone_number_id: string;
  scheduled_time_unix?: number;
  target_concurrency_limit?: number;
  recipients: {
    phone_number: string;
    conversation_initiation_client_data: { dynamic_variables: Record<string, string> };
  }[];
};

const keys = {
  all: ['convai-batch-calls'] as const,
  one: (id: string) => ['convai-batch-calls', id] as const,
};
const running = (s: string | undefined) => s === 'pending' || s === 'in_progress';

/**
 * Calls progress in the background: every change of a workspace batch (or one of its recipients) comes on the
 * live `batch_call` collection (decision 252) and refetches the list and the open batch. Only while the live
 * connection is down is a running batch polled.
 */
function useBatchUpdates(): boolean {
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: keys.all });
  useLiveCollection('batch_call', refetch, refetch);
  return useLiveStatus() !== 'open';
}

export const useBatches = () => {
  const offline = useBatchUpdates();
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      api.get<{ batch_calls: Batch[] }>('/v1/convai/batch-calling/workspace', { signal }),
    refetchInterval: (q) =>
      offline && q.state.data?.batch_calls.some((b) => running(b.status)) ? 2000 : false,
  });
};

export const useBatch = (id: string | null) => {
  const offline = useBatchUpdates();
  return useQuery({
    queryKey: keys.one(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api.get<Batch & { recipients: Recipient[] }>(`/v1/convai/batch-calling/${encodeURIComponent(id!)}`, {
        signal,
      }),
    refetchInterval: (q) => (offline && running(q.state.data?.status) ? 2000 : false),
  });
};

export function useSubmitBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBatch) => api.post<Batch>('/v1/convai/batch-calling/submit', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useBatchAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'retry' }) =>
      api.post<Batch>(`/v1/convai/batch-calling/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
