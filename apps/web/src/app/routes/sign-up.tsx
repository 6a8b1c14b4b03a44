import { accountRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

/** /sign-up: create an account; a verification mail follows, and sign-in waits for it. */
export default function SignUpRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const footer = (
    <>
      Already have an account?{' '}
      <Link
        to={accountRoutes.signIn.path}
        className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        Sign in
      </Link>
    </>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" subtitle="One more step to finish signing up" footer={footer}>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          We have sent an email to{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{sentTo}</span>. Follow the link in
          it to verify your address, then sign in.
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Create your account" subtitle="Start creating with Vocalis" footer={footer}>
      <SignUpForm onSuccess={setSentTo} />
    </AuthLayout>
  );
}
