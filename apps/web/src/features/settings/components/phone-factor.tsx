import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useCurrentUser } from '../api/get-user';
import { useHasPassword } from '../api/list-accounts';
import { useUpdatePhoneFactor } from '../api/update-phone-factor';
import { useTextedCode } from '../hooks/use-texted-code';
import { CodeEntryForm } from './code-entry-form';
import { PasswordDialog } from './password-dialog';
import { RemovePhoneDialog } from './remove-phone-dialog';
import { SettingRow } from './setting-row';

/** Adds a phone: the number, then the code texted to it. */
function AddPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const number = () => phone.replace(/[\s()-]/g, '');
  const close = () => {
    setPhone('');
    texted.reset();
    onClose();
  };
  const texted = useTextedCode({
    sendBody: () => ({ sms: { phone_number: number() } }),
    confirmBody: (code) => ({ sms: { phone_number: number(), code } }),
    confirmedText: 'Text message codes are on for your account',
    onConfirmed: close,
  });
  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    texted.sendCode();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Add a phone number"
      description={
        texted.codeSent
          ? `Enter the 6-digit code we texted to ${phone}.`
          : 'Sign-in will ask for a code we text to this number.'
      }
    >
      {texted.codeSent ? (
        <CodeEntryForm
          label="Verification code"
          code={texted.code}
          onCodeChange={texted.setCode}
          onSubmit={texted.confirm}
          pending={texted.pending}
          secondary={
            <Button variant="ghost" disabled={texted.pending} onClick={texted.sendCode}>
              Resend code
            </Button>
          }
        />
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
            <LoadingButton type="submit" loading={texted.pending}>
              Send code
            </LoadingButton>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * The phone (SMS) second factor in the security settings: add with a texted code; remove with the password,
 * or without one (social sign-in) with a code texted to the phone.
 */
export function PhoneFactorSetting() {
  const user = useCurrentUser();
  const hasPassword = useHasPassword();
  const update = useUpdatePhoneFactor();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const factor = user.data?.sms_mfa_factor ?? null;
  if (user.isPending) return null;

  return (
    <SettingRow
      title="Text message codes"
      descriptionTestId={factor ? 'phone-factor-status' : undefined}
      description={
        factor
          ? `On: a code texted to your phone, added ${new Date(factor.enrolled_at_unix * 1000).toLocaleDateString()}.`
          : 'Get a code by text message (SMS) when you sign in.'
      }
    >
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
      {hasPassword ? (
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
      ) : (
        <RemovePhoneDialog open={removing} onClose={() => setRemoving(false)} />
      )}
    </SettingRow>
  );
}
