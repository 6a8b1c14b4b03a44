import clsx from 'clsx';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';

import { LogoMark } from '@/components/ui/icons';
import { currentNavEntry, visibleNavigation, type NavEntry } from '@/config/navigation';
import { paths } from '@/config/paths';

import { CreditsMeter } from './credits-meter';
import { NAV_ICONS } from './nav-icons';

function NavItem({
  entry,
  current,
  onNavigate,
}: {
  entry: NavEntry;
  current: boolean;
  onNavigate?: () => void;
}) {
  const Icon = NAV_ICONS[entry.route.key] ?? LogoMark;
  return (
    <Link
      to={entry.route.path}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      className={clsx(
        'group flex items-center gap-3 rounded-lg px-3 py-[7px] text-sm font-medium transition-colors',
        current
          ? 'bg-zinc-900/[0.06] text-zinc-900 dark:bg-white/10 dark:text-white'
          : 'text-zinc-600 hover:bg-zinc-900/[0.04] hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/5 dark:hover:text-zinc-100',
      )}
    >
      <Icon className={clsx('size-[18px] shrink-0', current ? 'opacity-100' : 'opacity-75')} />
      {entry.label}
    </Link>
  );
}

/**
 * Brand, the navigation grouped by product (only pages that exist in this build; see config/navigation)
 * and the credits meter at the foot. One entry is current: the one that covers the page most specifically.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const sections = visibleNavigation();
  const current = currentNavEntry(pathname, sections);
  // The sidebar and the drawer may both be in the page: heading ids must differ.
  const id = useId();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          to={paths.home}
          onClick={onNavigate}
          className="flex items-center gap-2.5 rounded-lg"
          aria-label="Vocalis home"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
            <LogoMark className="size-5" />
          </span>
          <span className="text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-white">
            Vocalis
          </span>
        </Link>
      </div>
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3">
        {sections.map((section) => (
          <div key={section.id} className={section.label ? 'mt-5' : undefined}>
            {section.label ? (
              <h2
                id={`${id}-${section.id}`}
                className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-zinc-400 uppercase dark:text-zinc-500"
              >
                {section.label}
              </h2>
            ) : null}
            <ul className="space-y-0.5" aria-labelledby={section.label ? `${id}-${section.id}` : undefined}>
              {section.entries.map((entry) => (
                <li key={entry.route.key}>
                  <NavItem entry={entry} current={entry === current} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="shrink-0 border-t border-zinc-200 p-3 dark:border-zinc-800/80">
        <CreditsMeter onNavigate={onNavigate} />
      </div>
    </div>
  );
}
