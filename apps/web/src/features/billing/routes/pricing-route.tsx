import { accountRoutes, appRoutes } from '@vocalis/domain/app-routes';
import { initialCurrency } from '@vocalis/domain/billing/billing-display';
import type { ExtendedSubscription } from '@vocalis/contracts/billing';
import { Link, useNavigate } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { buttonClasses } from '@/components/ui/button';
import { LogoMark, Spinner } from '@/components/ui/icons';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useUser } from '@/lib/auth';

import { useSubscription } from '@/lib/subscription';
import { PricingPlans } from '../components/pricing-plans';
import { PromoCodeForm } from '../components/promo-code-form';
import { usePromoFlow } from '../hooks/use-promo-flow';
import { viewerOf } from '../lib/current-plan';

/** /pricing: the public pricing page; signed-in visitors see their own plan's actions. */
export default function PricingRoute() {
  const user = useUser();
  const subscription = useSubscription(Boolean(user));
  const ready = user === null || (user && subscription.data);
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <header className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
            <LogoMark className="size-5" />
          </span>
          <span className="text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-white">
            Vocalis
          </span>
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <ThemeToggle />
          {user ? (
            <Link to={appRoutes.subscription.path} className={buttonClasses('primary', 'sm')}>
              Open the app
            </Link>
          ) : (
            <>
              <Link to={accountRoutes.signIn.path} className={buttonClasses('ghost', 'sm')}>
                Sign in
              </Link>
              <Link to={accountRoutes.signUp.path} className={buttonClasses('primary', 'sm')}>
                Sign up
              </Link>
            </>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h1 className="text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl dark:text-white">
            Pricing
          </h1>
          <p className="mt-3 text-base text-zinc-600 dark:text-zinc-400">
            Start free with 10,000 characters a month. Upgrade when you need more characters or more
            generations at a time.
          </p>
        </div>
        <ErrorBoundary region="Pricing">
          {user && subscription.data ? <PromoEntry sub={subscription.data} /> : null}
          {ready ? (
            <PricingPlans
              viewer={user && subscription.data ? viewerOf(subscription.data) : { loggedIn: false }}
            />
          ) : subscription.isError ? (
            <p role="alert" className="text-center text-sm text-rose-600">
              Could not load your subscription.
            </p>
          ) : (
            <div className="flex justify-center">
              <Spinner className="size-5 text-zinc-400" />
            </div>
          )}
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** billing.md §2 "After a valid promo code is entered, the user is sent to the subscription page." */
function PromoEntry({ sub }: { sub: ExtendedSubscription }) {
  const navigate = useNavigate();
  const promo = usePromoFlow({ tier: sub.tier, currency: initialCurrency(sub.currency) });
  return (
    <div className="mx-auto mb-8 flex max-w-md flex-col items-center gap-2 sm:flex-row sm:justify-center">
      <span className="text-sm text-zinc-600 dark:text-zinc-400">Have a promo code?</span>
      <PromoCodeForm
        pending={promo.validate.isPending}
        onSubmit={(code) =>
          promo.validate.mutate(code, {
            onSuccess: (outcome) => {
              if (outcome.kind === 'stored')
                void navigate(appRoutes.subscription.path, { state: { openPromo: true } });
            },
          })
        }
      />
    </div>
  );
}
