import { appRoutes } from '@vocalis/domain/app-routes';
import { NavLink, useLocation } from 'react-router';

import { ExplorePanel } from './explore-panel';
import { GeneratePanel } from './generate-panel';
import { HistoryPanel } from './history-panel';

const TABS = [
  { to: appRoutes.soundEffectsGenerate.path, label: 'Generate' },
  { to: appRoutes.soundEffectsHistory.path, label: 'History' },
  { to: appRoutes.soundEffectsExplore.path, label: 'Explore' },
];

/** /app/sound-effects and its tabs: generate, history, explore (all, search, one category). */
export function SoundEffectsView() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  const tab = (to: string) =>
    path === to ||
    (to === appRoutes.soundEffectsGenerate.path && path === appRoutes.soundEffects.path) ||
    (to === appRoutes.soundEffectsExplore.path && path.startsWith(to));
  let content;
  if (path === appRoutes.soundEffectsHistory.path) content = <HistoryPanel />;
  else if (path === appRoutes.soundEffectsExploreSearch.path) content = <ExplorePanel mode="search" />;
  else if (path === appRoutes.soundEffectsExploreCategory.path) content = <ExplorePanel mode="category" />;
  else if (path === appRoutes.soundEffectsExplore.path) content = <ExplorePanel mode="all" />;
  else content = <GeneratePanel />;
  return (
    <div className="space-y-6">
      <nav aria-label="Sound effects" className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            aria-current={tab(t.to) ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              tab(t.to)
                ? 'border-zinc-900 text-zinc-900 dark:border-zinc-100 dark:text-zinc-100'
                : 'border-transparent text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200'
            }`}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {content}
    </div>
  );
}
