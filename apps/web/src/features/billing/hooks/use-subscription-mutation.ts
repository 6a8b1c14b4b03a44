import { useMutation, useQueryClient } from '@tanstack/react-query';

import { billingKeys } from '@/lib/subscription';

/** A billing call as a mutation that refetches the subscription (and usage quota) when it settles. */
export function useSubscriptionMutation<TVars = void>(call: (vars: TVars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
