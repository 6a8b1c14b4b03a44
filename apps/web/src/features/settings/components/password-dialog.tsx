import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';

type Props = {
  open: boolean;
  title: string;
  description: string;
  confirmText: string;
  danger?: boolean;
  pending: boolean;
  /**
   * The account has no password (social sign-in): no field is shown and `onConfirm` gets undefined; the
   * server accepts a recent sign-in instead, or mails a confirmation link.
   */
  passwordless?: boolean;
  onConfirm: (password: string | undefined) => void;
  onClose: () => void;
};

/** The note a passwordless account sees where others type their password. */
export const NO_PASSWORD_NOTE =
  'Your account has no password. If you signed in more than 10 minutes ago, we email you a link to confirm it is you.';

/** Asks for the account password before a security change (the confirm dialog's input is not a password field). */
export function PasswordDialog({
  open,
  title,
  description,
  confirmText,
  danger,
  pending,
  passwordless,
  onConfirm,
  onClose,
}: Props) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passwordless) onConfirm(undefined);
    else if (password) onConfirm(password);
  };
  const close = () => {
    setPassword('');
    onClose();
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={title} description={description}>
      <form onSubmit={submit} className="space-y-5">
        <PasswordConfirmation hasPassword={!passwordless} value={password} onChange={setPassword} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            loading={pending}
            disabled={!passwordless && !password}
          >
            {confirmText}
          </LoadingButton>
        </div>
      </form>
    </Modal>
  );
}

/** The current-password field of a confirmation, or for an account without one the note saying how it is confirmed. */
export function PasswordConfirmation({
  hasPassword,
  value,
  onChange,
}: {
  hasPassword: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  if (!hasPassword) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{NO_PASSWORD_NOTE}</p>;
  return (
    <Field label="Password">
      {(id) => (
        <Input
          id={id}
          type="password"
          autoFocus
          required
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
