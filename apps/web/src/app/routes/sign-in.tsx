import { accountRoutes } from '@vocalis/domain/app-routes';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { afterSignInPath } from '@/lib/auth';

/** /sign-in: email and password; afterwards the honoured redirect target or home. */
export default function SignInRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

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
      <SignInForm onSuccess={() => navigate(afterSignInPath(redirect), { replace: true })} />
    </AuthLayout>
  );
}
