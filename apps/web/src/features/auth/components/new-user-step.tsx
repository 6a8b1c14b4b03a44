import { useMutation } from '@tanstack/react-query';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { readStored } from '@/lib/storage';

import { completeNewUserStep } from '../api/complete-new-user-step';

/**
 * The new-user step after a social sign-up (accounts.md §4): the account exists already; the user says
 * whether they want product updates, then goes on to onboarding — or to the subscription page when a
 * coupon from an emailed link is waiting.
 */
export function NewUserStep() {
  const user = useUser();
  const navigate = useNavigate();
  const [updates, setUpdates] = useState(false);
  const finish = useMutation({
    mutationFn: completeNewUserStep,
    onSuccess: () => {
      const coupon = readStored<string | null>('coupon', null);
      void navigate(coupon ? appRoutes.subscription.path : appRoutes.onboarding.path, { replace: true });
    },
    onError: (error) =>
      toast.error(
        isHttpError(error) && error.status < 500
          ? error.message
          : 'Something went wrong, please try again later.',
      ),
  });

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        finish.mutate({ agreesToProductUpdates: updates });
      }}
    >
      {user ? (
        <div className="rounded-xl bg-zinc-50 px-4 py-3 text-sm dark:bg-zinc-800/60">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{user.name || user.email}</p>
          <p className="text-zinc-500 dark:text-zinc-400">{user.email}</p>
        </div>
      ) : null}
      <label className="flex cursor-pointer items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          name="agrees_to_product_updates"
          checked={updates}
          onChange={(event) => setUpdates(event.target.checked)}
          className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
        />
        <span>Send me product updates, tips and offers by email. You can opt out at any time.</span>
      </label>
      <p className="text-xs leading-5 text-zinc-500 dark:text-zinc-400">
        By continuing you agree to the Terms of Use and acknowledge the Privacy Policy.
      </p>
      <LoadingButton type="submit" size="lg" className="w-full" loading={finish.isPending}>
        Continue
      </LoadingButton>
    </form>
  );
}
