import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type PhoneNumber = {
  phone_number_id: string;
  provider: 'twilio' | 'sip_trunk';
  phone_number: string;
  label: string;
  assigned_agent: { agent_id: string; agent_name: string } | null;
  outbound_trunk?: { address: string };
};
export type NewPhoneNumber =
  | { provider: 'twilio'; phone_number: string; label: string; sid: string; token: string; agent_id?: string }
  | {
      provider: 'sip_trunk';
      phone_number: string;
      label: string;
      agent_id?: string;
      outbound_trunk_config: { address: string; credentials?: { username: string; password?: string } };
    };

const keys = { all: ['convai-phone-numbers'] as const };

export const usePhoneNumbers = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get<PhoneNumber[]>('/v1/convai/phone-numbers', { signal }),
  });

export function useAddPhoneNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPhoneNumber) =>
      api.post<{ phone_number_id: string }>('/v1/convai/phone-numbers', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAssignAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agentId }: { id: string; agentId: string | null }) =>
      api.patch<PhoneNumber>(`/v1/convai/phone-numbers/${encodeURIComponent(id)}`, { agent_id: agentId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeletePhoneNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`/v1/convai/phone-numbers/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
