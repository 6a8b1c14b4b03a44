import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { appRoutes } from '@vocalis/domain/app-routes';
import { TIER_DISPLAY_NAMES, toTier } from '@vocalis/domain/billing/tiers';
import clsx from 'clsx';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

import { ChevronDownIcon, LogOutIcon, MoonIcon, type IconProps } from '@/components/ui/icons';
import { useSignOut, useUser } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { useTheme } from '@/lib/theme';

import { NAV_ICONS } from './nav-icons';

function initialsOf(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 dark:text-zinc-300 dark:data-[highlighted]:bg-zinc-800';

/** The documentation served by the server (OpenAPI browser). */
const DOCS_PATH = '/docs';

const DocsIcon = NAV_ICONS.voiceLibrary!;

function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon?: ComponentType<IconProps>;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {Icon ? <Icon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" /> : null}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * The account menu behind the avatar: who is signed in and on which plan; the plan, usage, settings,
 * API keys and docs; the theme; sign out.
 */
export function UserMenu() {
  const user = useUser();
  const { data: me } = useCurrentUser();
  const { theme, setTheme } = useTheme();
  const signOut = useSignOut();
  if (!user) return null;
  const plan = me ? TIER_DISPLAY_NAMES[toTier(me.subscription.tier)] : null;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.email}`}
        className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 transition hover:bg-zinc-100 sm:pr-2 dark:hover:bg-zinc-800"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-xs font-semibold text-white">
          {initialsOf(user.name, user.email)}
        </span>
        <ChevronDownIcon className="hidden size-4 text-zinc-400 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-[70] w-64 animate-fade-in rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
        >
          <DropdownMenu.Label className="flex items-start justify-between gap-2 px-2.5 py-2">
            <div className="min-w-0">
              {user.name ? (
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">{user.name}</p>
              ) : null}
              <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
            </div>
            {plan ? (
              <span className="mt-0.5 shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-[11px] font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                {plan}
              </span>
            ) : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <MenuLink to={appRoutes.subscription.path} icon={NAV_ICONS.subscription}>
            Subscription
          </MenuLink>
          <MenuLink to={appRoutes.usage.path} icon={NAV_ICONS.usage}>
            Usage
          </MenuLink>
          <MenuLink to={appRoutes.settings.path} icon={NAV_ICONS.settings}>
            Settings
          </MenuLink>
          <MenuLink to={appRoutes.settingsApiKeys.path} icon={NAV_ICONS.settingsApiKeys}>
            API keys
          </MenuLink>
          <DropdownMenu.Item asChild className={itemClass}>
            {/* The docs are served by the API server, outside the app's router. */}
            <a href={DOCS_PATH} target="_blank" rel="noreferrer">
              <DocsIcon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
              Docs
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.CheckboxItem
            checked={theme === 'dark'}
            // Keep the menu open: the change is seen at once, and a second click undoes it.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
            className={itemClass}
          >
            <MoonIcon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
            <span className="flex-1">Dark theme</span>
            <span
              aria-hidden
              className={clsx(
                'relative h-4 w-7 rounded-full transition-colors',
                theme === 'dark' ? 'bg-indigo-500' : 'bg-zinc-300',
              )}
            >
              <span
                className={clsx(
                  'absolute top-0.5 left-0.5 size-3 rounded-full bg-white transition-transform',
                  theme === 'dark' && 'translate-x-3',
                )}
              />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.Item
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
            className={itemClass}
          >
            <LogOutIcon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
