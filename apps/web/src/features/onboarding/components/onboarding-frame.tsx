import type { ReactNode } from 'react';

/** The onboarding card: step count, heading, and the step's form. */
export function OnboardingFrame({
  step,
  title,
  description,
  children,
}: {
  step: 1 | 2;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl py-4 sm:py-10">
      <div className="mb-6 flex items-center gap-3" aria-label={`Step ${step} of 2`}>
        {[1, 2].map((n) => (
          <span
            key={n}
            className={
              n <= step
                ? 'h-1.5 flex-1 rounded-full bg-indigo-600'
                : 'h-1.5 flex-1 rounded-full bg-zinc-200 dark:bg-zinc-800'
            }
          />
        ))}
        <span className="text-xs font-medium whitespace-nowrap text-zinc-500">Step {step} of 2</span>
      </div>
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h2>
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
