import { accountRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { NEW_USER_STEP_PATH, linkPendingProvider } from '@/features/auth/api/social-sign-in';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';
import { afterSignInPath } from '@/lib/auth';

/** /sign-in: email and password or a social provider; afterwards the honoured redirect target or home. */
export default function SignInRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = afterSignInPath(searchParams.get('redirect'));
  const done = () => void navigate(target, { replace: true });
  const [secondStep, setSecondStep] = useState(false);

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Vocalis account"
      footer={
        <>
          New to Vocalis?{' '}
          <Link
            to={accountRoutes.signUp.path}
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm
        onSecondStepChange={setSecondStep}
        // After "Account exists with different credentials", the refused provider is linked first.
        onSuccess={() => void linkPendingProvider(target).then((linking) => (linking ? null : done()))}
      />
      {secondStep ? null : (
        <SocialSignIn
          targetPath={target}
          onSignedIn={done}
          onNewUser={() => void navigate(NEW_USER_STEP_PATH, { replace: true })}
          onUsePassword={() => document.querySelector<HTMLInputElement>('input[name="email"]')?.focus()}
        />
      )}
    </AuthLayout>
  );
}
