import { passwordConfirmationError, passwordErrorMessages } from '@vocalis/domain/password-rules';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { PasswordRequirements } from '@/components/ui/password-requirements';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { useChangePassword } from '../api/change-password';
import { useSetPassword } from '../api/set-password';
import { NO_PASSWORD_NOTE } from './password-dialog';

export const PASSWORD_CHANGED = 'Your password has been changed.';

/** 'change': the account has a password (current + new); 'set': a social-only account gets its first one. */
export type PasswordDialogMode = 'change' | 'set';

const COPY = {
  change: {
    title: 'Change password',
    description: 'Enter your current password, then choose a new one.',
    submit: 'Change password',
  },
  set: {
    title: 'Set a password',
    description: 'Then you can also sign in with your email address and this password.',
    submit: 'Set password',
  },
} as const;

/** Change the password, or set a first one, in a dialog (accounts.md §5: matching entries, the strength rules). */
export function PasswordChangeDialog({
  open,
  mode,
  onClose,
}: {
  open: boolean;
  mode: PasswordDialogMode;
  onClose: () => void;
}) {
  const copy = COPY[mode];
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={copy.title}
      description={copy.description}
    >
      {/* The dialog's content unmounts on close, so the form starts empty each time. */}
      <PasswordForm mode={mode} onDone={onClose} />
    </Modal>
  );
}

function PasswordForm({ mode, onDone }: { mode: PasswordDialogMode; onDone: () => void }) {
  const change = useChangePassword();
  const set = useSetPassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  // The server's answer about what was typed (wrong current password, rules); other failures are toasts.
  const [serverError, setServerError] = useState<string | null>(null);
  const working = change.isPending || set.isPending;
  const unmet = passwordErrorMessages(password);
  const rulesId = useId();
  const mismatch = passwordConfirmationError(password, confirmation);

  const failed = (error: unknown) => {
    if (isHttpError(error) && error.status === 400) setServerError(error.message);
    else showErrorToast(error);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (working || unmet.length || mismatch || (mode === 'change' && !current)) return;
    if (mode === 'change') {
      change.mutate(
        { currentPassword: current, newPassword: password, revokeOtherSessions: signOutOthers },
        {
          onSuccess: () => {
            toast.success(PASSWORD_CHANGED);
            onDone();
          },
          onError: failed,
        },
      );
    } else {
      set.mutate(password, {
        onSuccess: (result) => {
          toast.success(result.message);
          onDone();
        },
        onError: failed,
      });
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {mode === 'change' ? (
        <Field label="Current password">
          {(id) => (
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              autoFocus
              required
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          )}
        </Field>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{NO_PASSWORD_NOTE}</p>
      )}
      <div className="space-y-2">
        <Field label="New password">
          {(id) => (
            <Input
              id={id}
              type="password"
              autoComplete="new-password"
              autoFocus={mode === 'set'}
              required
              aria-describedby={rulesId}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <PasswordChecklist id={rulesId} password={password} />
      </div>
      <Field label="Confirm new password">
        {(id) => (
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        )}
      </Field>
      {submitted ? <PasswordRequirements messages={unmet} /> : null}
      {submitted && !unmet.length && mismatch ? <FormError>{mismatch}</FormError> : null}
      {serverError ? <FormError>{serverError}</FormError> : null}
      {mode === 'change' ? (
        <label className="flex cursor-pointer items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
            className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
          />
          <span>Sign out of other devices</span>
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <LoadingButton type="submit" loading={working} disabled={working}>
          {COPY[mode].submit}
        </LoadingButton>
      </div>
    </form>
  );
}

function FormError({ children }: { children: string }) {
  return (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {children}
    </p>
  );
}
