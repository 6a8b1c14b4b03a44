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
  onConfirm: (password: string) => void;
  onClose: () => void;
};

/** Asks for the account password before a security change (the confirm dialog's input is not a password field). */
export function PasswordDialog({
  open,
  title,
  description,
  confirmText,
  danger,
  pending,
  onConfirm,
  onClose,
}: Props) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  const close = () => {
    setPassword('');
    onClose();
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={title} description={description}>
      <form onSubmit={submit} className="space-y-5">
        <Field label="Password">
          {(id) => (
            <Input
              id={id}
              type="password"
              autoFocus
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            loading={pending}
            disabled={!password}
          >
            {confirmText}
          </LoadingButton>
        </div>
      </form>
    </Modal>
  );
}
