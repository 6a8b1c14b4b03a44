import { passwordConfirmationError, passwordErrorMessages } from '@vocalis/domain/password-rules';
import { useId, useState, type FormEvent } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { PasswordRequirements } from '@/components/ui/password-requirements';

type NewPasswordFormProps = {
  email: string | null;
  /** Sets the password; the button stays disabled while this runs. */
  onSubmit: (password: string) => Promise<void>;
};

/** The new-password form of the action-link page: two fields that must match and meet the rules. */
export function NewPasswordForm({ email, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [working, setWorking] = useState(false);
  const unmet = passwordErrorMessages(password);
  const rulesId = useId();
  const mismatch = passwordConfirmationError(password, confirmation);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (working || unmet.length || mismatch) return;
    setWorking(true);
    try {
      await onSubmit(password);
    } finally {
      setWorking(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      {email ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Choose a new password for{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{email}</span>.
        </p>
      ) : null}
      <div className="space-y-2">
        <Field label="New password">
          {(id) => (
            <Input
              id={id}
              name="new-password"
              type="password"
              autoComplete="new-password"
              autoFocus
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
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        )}
      </Field>
      {submitted ? <PasswordRequirements messages={unmet} /> : null}
      {submitted && !unmet.length && mismatch ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {mismatch}
        </p>
      ) : null}
      <LoadingButton type="submit" size="lg" className="w-full" loading={working} disabled={working}>
        Change password
      </LoadingButton>
    </form>
  );
}
