import { useState, type FormEvent } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useSignIn } from '@/lib/auth';

import { signInErrorMessage } from '../api/sign-in-errors';

type SignInFormProps = { onSuccess: () => void };

/** Email and password sign-in; failures are shown as toasts with the spec's texts. */
export function SignInForm({ onSuccess }: SignInFormProps) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess,
        onError: (error) => toast.error(signInErrorMessage(error)),
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
      <Field label="Password">
        {(id) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <LoadingButton type="submit" size="lg" className="w-full" loading={signIn.isPending}>
        Sign in
      </LoadingButton>
    </form>
  );
}
