import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useCurrentUser } from '../api/get-user';
import { useUpdatePhoneFactor } from '../api/update-phone-factor';
import { PasswordDialog } from './password-dialog';

/** Adds a phone: the number, then the code texted to it. */
function AddPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const update = useUpdatePhoneFactor();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  const close = () => {
    setPhone('');
    setCode('');
    setCodeSent(false);
    onClose();
  };

  const sendCode = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    update.mutate(
      { sms: { phone_number: phone.replace(/[\s()-]/g, '') } },
      {
        onSuccess: () => {
          setCodeSent(true);
          toast.success('We have sent you a text message with a verification code.');
        },
        onError: (error) => showErrorToast(error),
      },
    );
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { sms: { phone_number: phone.replace(/[\s()-]/g, ''), code: code.trim() } },
      {
        onSuccess: () => {
          toast.success('Text message codes are on for your account');
          close();
        },
        onError: (error) => {
          setCode('');
          showErrorToast(error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Add a phone number"
      description={
        codeSent
          ? `Enter the 6-digit code we texted to ${phone}.`
          : 'Sign-in will ask for a code we text to this number.'
      }
    >
      {codeSent ? (
        <form onSubmit={confirm} className="space-y-5">
          <Field label="Verification code">
            {(id) => (
              <Input
                id={id}
                name="code"
                autoFocus
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" disabled={update.isPending} onClick={() => sendCode()}>
              Resend code
            </Button>
            <LoadingButton type="submit" loading={update.isPending}>
              Verify
            </LoadingButton>
          </div>
        </form>
      ) : (
        <form onSubmit={sendCode} className="space-y-5">
          <Field
            label="Phone number"
            hint="International format with the country code, e.g. +1 415 555 0100."
          >
            {(id) => (
              <Input
                id={id}
                name="phone"
                type="tel"
                autoFocus
                required
                autoComplete="tel"
                placeholder="+1 415 555 0100"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <LoadingButton type="submit" loading={update.isPending}>
              Send code
            </LoadingButton>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The phone (SMS) second factor in the security settings: add with a texted code, remove with the password. */
export function PhoneFactorSetting() {
  const user = useCurrentUser();
  const update = useUpdatePhoneFactor();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const factor = user.data?.sms_mfa_factor ?? null;
  if (user.isPending) return null;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {factor ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="phone-factor-status">
          Text message codes are on (since {new Date(factor.enrolled_at_unix * 1000).toLocaleDateString()}).
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Or get a code by text message (SMS) when you sign in.
        </p>
      )}
      {factor ? (
        <Button variant="danger" onClick={() => setRemoving(true)}>
          Remove phone
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add phone number
        </Button>
      )}
      <AddPhoneDialog open={adding} onClose={() => setAdding(false)} />
      <PasswordDialog
        open={removing}
        title="Remove your phone number?"
        description="Sign-in will no longer text you a code."
        confirmText="Remove"
        danger
        pending={update.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={(password) =>
          update.mutate(
            { sms: null, password },
            {
              onSuccess: () => {
                setRemoving(false);
                toast.success('Phone number removed');
              },
              onError: (error) => showErrorToast(error),
            },
          )
        }
      />
    </div>
  );
}
