import { passwordErrorMessages } from '@vocalis/domain/password-rules';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { PasswordRequirements } from '@/components/ui/password-requirements';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';

import { useSignUp } from '../api/sign-up';

type SignUpFormProps = { onSuccess: (email: string) => void };

/**
 * Email, name, password and the product-updates opt-in; the password rules are ticked off while typing,
 * checked on submit (the spec's messages) and again on the server. Pre-sign-up runs first: when it is refused, its message shows and no account is created.
 */
export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const signUp = useSignUp();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [updates, setUpdates] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const unmet = passwordErrorMessages(password);
  const rulesId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (signUp.isPending || unmet.length) return;
    const address = email.trim();
    signUp.mutate(
      {
        email: address,
        password,
        name: name.trim() || address.split('@')[0]!,
        agreesToProductUpdates: updates,
        gcpMarketplaceJwt: searchParams.get('gcp_jwt'),
      },
      {
        onSuccess: () => onSuccess(address),
        onError: (error) =>
          toast.error(
            isHttpError(error) && error.status < 500 && error.message ? error.message : 'Unable to sign up',
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <Field label="Email">
        {(id) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="First name">
        {(id) => (
          <Input
            id={id}
            name="name"
            autoComplete="given-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="space-y-2">
        <Field label="Password">
          {(id) => (
            <Input
              id={id}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={submitted && unmet.length > 0}
              aria-describedby={rulesId}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <PasswordChecklist id={rulesId} password={password} />
      </div>
      {submitted ? <PasswordRequirements messages={unmet} /> : null}
      <label className="flex cursor-pointer items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          name="agrees_to_product_updates"
          checked={updates}
          onChange={(event) => setUpdates(event.target.checked)}
          className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
        />
        <span>Send me product updates, tips and offers by email. You can opt out at any time.</span>
      </label>
      <LoadingButton type="submit" size="lg" className="w-full" loading={signUp.isPending}>
        Create account
      </LoadingButton>
    </form>
  );
}
