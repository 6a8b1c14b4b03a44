import { Link } from 'react-router';

import { NAV_ICONS } from '@/components/layouts/nav-icons';
import { LogoMark } from '@/components/ui/icons';
import { quickActions } from '@/config/navigation';

/** A card per product of this build (the navigation list decides which exist). */
export function QuickActions() {
  const actions = quickActions();
  return (
    <section aria-labelledby="home-quick-actions">
      <h2 id="home-quick-actions" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
        {actions.map((action) => {
          const Icon = NAV_ICONS[action.route.key] ?? LogoMark;
          return (
            <li key={action.route.key}>
              <Link
                to={action.route.path}
                className="group flex h-full items-start gap-3.5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm shadow-zinc-900/[0.02] transition hover:border-indigo-300 hover:shadow-md hover:shadow-indigo-500/5 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-500/50"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm shadow-indigo-500/30">
                  <Icon className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-zinc-900 group-hover:text-indigo-600 dark:text-white dark:group-hover:text-indigo-300">
                    {action.label}
                  </span>
                  <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">
                    {action.description}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
