import { appRoutes } from '@vocalis/domain/app-routes';
import { NavLink } from 'react-router';

const TABS = [
  appRoutes.conversationalAi,
  appRoutes.convaiTalkTo,
  appRoutes.convaiHistory,
  appRoutes.convaiKnowledgeBase,
  appRoutes.convaiTools,
  appRoutes.convaiPhoneNumbers,
  appRoutes.convaiBatchCalling,
];

/** The pages of conversational AI. */
export function ConvaiTabs() {
  return (
    <nav
      aria-label="Conversational AI"
      className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800"
    >
      {TABS.map((r) => (
        <NavLink
          key={r.key}
          to={r.path}
          end
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm ${isActive ? 'border-zinc-900 font-medium dark:border-zinc-100' : 'border-transparent text-zinc-500'}`
          }
        >
          {r.key === 'conversationalAi' ? 'Agents' : r.label}
        </NavLink>
      ))}
    </nav>
  );
}
