import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { linkedAccountsQueryOptions } from '../api/list-accounts';
import { PasswordChangeDialog } from './password-change-dialog';
import { SettingRow } from './setting-row';

/** The Password row of Security: change it, or set a first one for an account made by social sign-in. */
export function PasswordSetting() {
  const accounts = useQuery(linkedAccountsQueryOptions());
  const [open, setOpen] = useState(false);
  if (accounts.isPending) return null;
  // If the list cannot be read, offer the change (it asks for the current password, so nothing is lost).
  const hasPassword = accounts.data ? accounts.data.some((a) => a.providerId === 'credential') : true;

  return (
    <SettingRow
      title="Password"
      descriptionTestId="password-status"
      description={
        hasPassword
          ? 'You sign in with your email address and password.'
          : 'Your account has no password: you sign in with a social provider.'
      }
    >
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {hasPassword ? 'Change password' : 'Set a password'}
      </Button>
      <PasswordChangeDialog
        open={open}
        mode={hasPassword ? 'change' : 'set'}
        onClose={() => setOpen(false)}
      />
    </SettingRow>
  );
}
