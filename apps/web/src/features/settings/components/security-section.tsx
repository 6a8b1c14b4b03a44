import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useCurrentUser } from '../api/get-user';
import { useHasPassword } from '../api/list-accounts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { AddTwoFactorDialog } from './add-two-factor-dialog';
import { BackupCodes } from './backup-codes';
import { PasswordDialog } from './password-dialog';
import { PasswordSetting } from './password-setting';
import { PhoneFactorSetting } from './phone-factor';
import { SettingRow } from './setting-row';

export const ADD_2FA_DIALOG = 'add-2fa';

/**
 * Security: the password (change, or set a first one), the authenticator app (add, new backup codes,
 * remove) and the phone. The add dialog lives at ?dialog=add-2fa.
 */
export function SecuritySection() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const hasPassword = useHasPassword();
  const [asking, setAsking] = useState<'remove' | 'codes' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const setDialog = (dialog: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (dialog) next.set('dialog', dialog);
        else next.delete('dialog');
        return next;
      },
      { replace: !dialog },
    );

  const factor = user.data?.totp_mfa_factor ?? null;

  return (
    <section className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="mb-4 text-lg font-semibold text-zinc-900 dark:text-white">Security</h3>
      <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <PasswordSetting />
        {user.isPending ? (
          <Spinner className="size-5" />
        ) : (
          <SettingRow
            title="Two-factor authentication"
            descriptionTestId={factor ? 'two-factor-status' : undefined}
            description={
              factor
                ? `On: a code from your authenticator app, added ${new Date(factor.enrolled_at_unix * 1000).toLocaleDateString()}.`
                : 'Protect your account with a code from an authenticator app at sign-in.'
            }
          >
            {factor ? (
              <>
                <Button variant="secondary" onClick={() => setAsking('codes')}>
                  New backup codes
                </Button>
                <Button variant="danger" onClick={() => setAsking('remove')}>
                  Remove
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => setDialog(ADD_2FA_DIALOG)}>
                Add two-factor authentication
              </Button>
            )}
          </SettingRow>
        )}
        <PhoneFactorSetting />
      </div>

      {/* Stays open while the factor turns on, so the backup codes can be shown. */}
      <AddTwoFactorDialog
        open={searchParams.get('dialog') === ADD_2FA_DIALOG}
        onClose={() => setDialog(null)}
      />
      <PasswordDialog
        open={asking === 'remove'}
        title="Remove two-factor authentication?"
        description="Sign-in will no longer ask for a code. Your backup codes stop working."
        confirmText="Remove"
        danger
        passwordless={!hasPassword}
        pending={disable.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(password) =>
          disable.mutate(password, {
            onSuccess: () => {
              setAsking(null);
              toast.success('Two-factor authentication removed');
            },
            onError: (error) => showErrorToast(error),
          })
        }
      />
      <PasswordDialog
        open={asking === 'codes'}
        title="Generate new backup codes?"
        description="Your current backup codes stop working."
        confirmText="Generate"
        passwordless={!hasPassword}
        pending={regenerate.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(password) =>
          regenerate.mutate(password, {
            onSuccess: (result) => {
              setAsking(null);
              setCodes(result.backup_codes);
            },
            onError: (error) => showErrorToast(error),
          })
        }
      />
      <Modal
        open={codes !== null}
        onOpenChange={(next) => !next && setCodes(null)}
        title="Your new backup codes"
        description="Each code signs you in once. They are shown only now."
      >
        <div className="space-y-5">
          <BackupCodes codes={codes ?? []} />
          <div className="flex justify-end">
            <Button onClick={() => setCodes(null)}>Done</Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
