import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { pageTitle } from '@/config/navigation';
import { useBreakpoint } from '@/hooks/use-breakpoint';
import { useSessionInactivitySignOut } from '@/lib/auth';

import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

type DashboardLayoutProps = {
  children: ReactNode;
  /** Extra header controls supplied by the app layer (e.g. the notifications bell). */
  headerActions?: ReactNode;
};

/** Signed-in shell: a fixed sidebar from lg up, a drawer below it; header with page title and controls. */
export function DashboardLayout({ children, headerActions }: DashboardLayoutProps) {
  const { pathname } = useLocation();
  const { isAtLeast } = useBreakpoint();
  const wide = isAtLeast('lg');
  const [drawerOpen, setDrawerOpen] = useState(false);
  useSessionInactivitySignOut();
  // The most specific route wins: /text-to-speech/history is titled as history, not text to speech.
  const title = pageTitle(pathname);

  const drawerFocus = useReturnFocus(drawerOpen && !wide);

  // The drawer only exists on narrow screens; widening the window closes it.
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  return (
    <div className="min-h-dvh">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-zinc-200 bg-white/70 backdrop-blur lg:block dark:border-zinc-800/80 dark:bg-zinc-900/40">
        <ErrorBoundary region="navigation">
          <WorkspaceSwitcher />
          <SidebarNav />
        </ErrorBoundary>
      </aside>

      <Dialog.Root open={drawerOpen && !wide} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 animate-overlay-in bg-zinc-950/40 backdrop-blur-[2px] lg:hidden" />
          <Dialog.Content
            {...drawerFocus}
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] animate-drawer-in border-r border-zinc-200 bg-white shadow-2xl lg:hidden dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Close navigation"
                className="absolute top-3.5 right-3"
              >
                <CloseIcon className="size-5" />
              </Button>
            </Dialog.Close>
            <WorkspaceSwitcher />
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-zinc-200 bg-zinc-50/80 px-4 backdrop-blur-md sm:px-6 lg:px-8 dark:border-zinc-800/80 dark:bg-zinc-950/70">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open navigation"
            className="-ml-1.5 lg:hidden"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon className="size-5" />
          </Button>
          {/* A long title wraps to a second line on a phone rather than being cut off. */}
          <h1 className="line-clamp-2 min-w-0 flex-1 text-[15px] leading-tight font-semibold break-words text-zinc-900 dark:text-zinc-50">
            {title}
          </h1>
          <div className="flex shrink-0 items-center gap-1">
            <ErrorBoundary region="header controls" compact>
              {headerActions}
              {/* Below sm the theme lives in the account menu, leaving the title room. */}
              <div className="hidden sm:block">
                <ThemeToggle />
              </div>
              <div className="ml-1 border-l border-zinc-200 pl-1.5 sm:ml-1.5 sm:pl-2.5 dark:border-zinc-800">
                <UserMenu />
              </div>
            </ErrorBoundary>
          </div>
        </header>
        <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
          <ErrorBoundary region="page">{children}</ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
