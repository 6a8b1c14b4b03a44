import { appRoutes } from '@vocalis/domain/app-routes';
import clsx from 'clsx';
import { NavLink } from 'react-router';

const TABS = [
  [appRoutes.workspace, 'Overview'],
  [appRoutes.workspaceMembers, 'Members'],
  [appRoutes.workspaceGroups, 'Groups'],
  [appRoutes.workspaceSecurity, 'Security'],
] as const;

/** The workspace pages' tabs (only the built ones). */
export function WorkspaceTabs() {
  return (
    <nav aria-label="Workspace" className="flex gap-1 rounded-xl bg-zinc-100/70 p-1 dark:bg-zinc-900">
      {TABS.filter(([route]) => route.built).map(([route, label]) => (
        <NavLink
          key={route.key}
          to={route.path}
          end
          className={({ isActive }) =>
            clsx(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              isActive
                ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white'
                : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400',
            )
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

export function WorkspacePage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h2>
        <WorkspaceTabs />
      </div>
      {children}
    </div>
  );
}
