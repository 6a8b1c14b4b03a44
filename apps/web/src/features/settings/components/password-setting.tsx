import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { linkedAccountsQueryOptions } from '../api/list-accounts';
import { PasswordChangeDialog } from './password-change-dialog';

/** The Password row of Security: change it, or set a first one for an account made by social sign-in. */
export function PasswordSetting() {
  const accounts = useQuery(linkedAccountsQueryOptions());
  const [open, setOpen] = useState(false);
  if (accounts.isPending) return null;
  // If the list cannot be read, offer the change (it asks for the current password, so nothing is lost).
  const hasPassword = accounts.data ? accounts.data.some((a) => a.providerId === 'credential') : true;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <div>
        <p className="text-sm font-medium text-zinc-900 dark:text-white">Password</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="password-status">
          {hasPassword
            ? 'You sign in with your email address and password.'
            : 'Your account has no password: you sign in with a social provider.'}
        </p>
      </div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {hasPassword ? 'Change password' : 'Set a password'}
      </Button>
      <PasswordChangeDialog
        open={open}
        mode={hasPassword ? 'change' : 'set'}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
