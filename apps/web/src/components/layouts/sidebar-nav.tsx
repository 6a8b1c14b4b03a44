import type { AppRoute } from '@vocalis/domain/app-routes';
import clsx from 'clsx';
import { NavLink } from 'react-router';

import { LogoMark } from '@/components/ui/icons';
import { builtAppRoutes } from '@/config/paths';

import { NAV_ICONS } from './nav-icons';

/** Built routes that are steps of a flow, not places to navigate to. */
const NOT_IN_NAV = new Set(['onboarding', 'onboardingNext']);

function NavItem({ route, onNavigate }: { route: AppRoute; onNavigate?: () => void }) {
  const Icon = NAV_ICONS[route.key] ?? LogoMark;
  return (
    <NavLink
      to={route.path}
      // Exact match: on /text-to-speech/history only the history entry is current, not text to speech too.
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          isActive
            ? 'bg-zinc-900/[0.06] text-zinc-900 dark:bg-white/10 dark:text-white'
            : 'text-zinc-600 hover:bg-zinc-900/[0.04] hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/5 dark:hover:text-zinc-100',
        )
      }
    >
      <Icon className="size-[18px] shrink-0 opacity-80 group-aria-[current=page]:opacity-100" />
      {route.label}
    </NavLink>
  );
}

/** Brand plus the navigation of built app routes. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2.5 px-5">
        <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
          <LogoMark className="size-5" />
        </span>
        <span className="text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-white">
          Vocalis
        </span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <p className="px-3 pb-2 text-[11px] font-semibold tracking-wider text-zinc-400 uppercase dark:text-zinc-500">
          Workspace
        </p>
        <ul className="space-y-0.5">
          {builtAppRoutes
            .filter((route) => !NOT_IN_NAV.has(route.key))
            .map((route) => (
              <li key={route.key}>
                <NavItem route={route} onNavigate={onNavigate} />
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}
