import { accountRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { NEW_USER_STEP_PATH, linkPendingProvider } from '@/features/auth/api/social-sign-in';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import {
  FORGOT_PASSWORD_STEP,
  signInStepPath,
  type ForgotPasswordState,
} from '@/features/auth/components/forgot-password-step';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';
import { afterSignInPath } from '@/lib/auth';

const linkClasses = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/**
 * /sign-in: email and password or a social provider; afterwards the honoured redirect target or home.
 * /sign-in?step=forgot-password mails a password-reset link.
 */
export default function SignInRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const target = afterSignInPath(searchParams.get('redirect'));
  const done = () => void navigate(target, { replace: true });
  const [secondStep, setSecondStep] = useState(false);

  if (searchParams.get('step') === FORGOT_PASSWORD_STEP) {
    return (
      <AuthLayout
        title="Reset your password"
        subtitle="We will email you a link to choose a new one"
        footer={
          <Link to={signInStepPath(location.search, null)} className={linkClasses}>
            Back to sign in
          </Link>
        }
      >
        <ForgotPasswordForm initialEmail={(location.state as ForgotPasswordState)?.email} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Vocalis account"
      footer={
        <>
          New to Vocalis?{' '}
          <Link to={accountRoutes.signUp.path} className={linkClasses}>
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
