import { useEffect, useRef, type ReactNode } from 'react';

import { LogoMark } from '@/components/ui/icons';
import { ThemeToggle } from '@/components/ui/theme-toggle';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode };

/** Centered card for the account pages (sign-in, later sign-up). */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const main = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTitle = useRef(title);
  // A new title is a new step in place (sign-up's "Check your email"): the form that had focus is gone,
  // so the heading takes it and is read out, rather than focus falling back to the page start.
  useEffect(() => {
    if (shownTitle.current === title) return;
    shownTitle.current = title;
    if (!main.current?.contains(document.activeElement)) heading.current?.focus();
  }, [title]);
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[28rem] max-w-3xl rounded-full bg-gradient-to-tr from-indigo-300/40 via-violet-300/30 to-sky-200/30 blur-3xl dark:from-indigo-600/20 dark:via-violet-600/15 dark:to-sky-500/10"
      />
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <main ref={main} className="relative w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="mb-5 flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
            <LogoMark className="size-6" />
          </span>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-white"
          >
            {title}
          </h1>
          {subtitle ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p> : null}
        </div>
        <div className="rounded-2xl border border-zinc-200 bg-white/90 p-6 shadow-xl shadow-zinc-900/5 backdrop-blur sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/80 dark:shadow-black/30">
          {children}
        </div>
        {footer ? (
          <div className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{footer}</div>
        ) : null}
      </main>
    </div>
  );
}
