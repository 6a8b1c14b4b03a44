import { accountRoutes, appRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { NEW_USER_STEP_PATH } from '@/features/auth/api/social-sign-in';
import { CheckEmail } from '@/features/auth/components/check-email';
import { NewUserStep } from '@/features/auth/components/new-user-step';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';

/**
 * /sign-up: create an account; a verification mail follows, and sign-in waits for it. A social sign-up
 * lands on /sign-up?step=welcome, the new-user step.
 */
export default function SignUpRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
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

  if (searchParams.get('step') === 'welcome') {
    return (
      <AuthLayout
        title="Welcome to Vocalis"
        subtitle="Your account is ready. One last thing before you start."
      >
        <NewUserStep />
      </AuthLayout>
    );
  }
  if (sentTo) {
    return (
      <AuthLayout title="Check your email" subtitle="One more step to finish signing up" footer={footer}>
        <CheckEmail email={sentTo} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Create your account" subtitle="Start creating with Vocalis" footer={footer}>
      <SignUpForm onSuccess={setSentTo} />
      <SocialSignIn
        verb="Sign up with"
        targetPath={appRoutes.home.path}
        onSignedIn={() => void navigate(appRoutes.home.path, { replace: true })}
        onNewUser={() => void navigate(NEW_USER_STEP_PATH, { replace: true })}
        onUsePassword={() => void navigate(accountRoutes.signIn.path)}
      />
    </AuthLayout>
  );
}
