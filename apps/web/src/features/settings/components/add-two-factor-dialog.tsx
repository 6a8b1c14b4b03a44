import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useEnableTwoFactor, type EnableTwoFactorResult } from '../api/enable-two-factor';
import { useHasPassword } from '../api/list-accounts';
import { BackupCodes } from './backup-codes';
import { CodeEntryForm } from './code-entry-form';
import { PasswordConfirmation } from './password-dialog';
import { QrCode } from './qr-code';

type Props = { open: boolean; onClose: () => void };

/** The secret of an otpauth:// URI, for typing into an app that cannot scan. */
export const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

/**
 * Enrolment (/app/settings?dialog=add-2fa): password → scan the QR code and verify a code → backup codes
 * once. An account without a password (social sign-in) skips the password; the server wants a recent
 * sign-in instead, or mails a link to confirm.
 */
export function AddTwoFactorDialog({ open, onClose }: Props) {
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const hasPassword = useHasPassword();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<EnableTwoFactorResult | null>(null);
  const [done, setDone] = useState(false);

  const close = () => {
    setPassword('');
    setCode('');
    setSetup(null);
    setDone(false);
    onClose();
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(hasPassword ? password : undefined, {
      onSuccess: setSetup,
      onError: (error) => showErrorToast(error),
    });
  };

  const verify = () => {
    confirm.mutate(code, {
      onSuccess: () => {
        setDone(true);
        toast.success('Two-factor authentication is on');
      },
      onError: (error) => {
        setCode('');
        showErrorToast(error);
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={done ? 'Save your backup codes' : 'Add two-factor authentication'}
      description={
        done
          ? 'Each code signs you in once if you lose your authenticator app. They are shown only now.'
          : setup
            ? 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.'
            : hasPassword
              ? 'Confirm your password to set up an authenticator app.'
              : 'Set up an authenticator app: it shows a new code every 30 seconds for signing in.'
      }
    >
      {done && setup ? (
        <div className="space-y-5">
          <BackupCodes codes={setup.backupCodes} />
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : setup ? (
        <CodeEntryForm
          label="Authentication code"
          code={code}
          onCodeChange={setCode}
          onSubmit={verify}
          pending={confirm.isPending}
          secondary={
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          }
        >
          <div className="flex flex-col items-center gap-3">
            <QrCode value={setup.totpURI} label="QR code for your authenticator app" />
            <p className="text-center text-xs text-zinc-500">
              Or enter this key:{' '}
              <code data-testid="totp-secret" className="font-mono break-all select-all">
                {secretOf(setup.totpURI)}
              </code>
            </p>
          </div>
        </CodeEntryForm>
      ) : (
        <form onSubmit={start} className="space-y-5">
          <PasswordConfirmation hasPassword={hasPassword} value={password} onChange={setPassword} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <LoadingButton type="submit" loading={enable.isPending} disabled={hasPassword && !password}>
              Continue
            </LoadingButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
