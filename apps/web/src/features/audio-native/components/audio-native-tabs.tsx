import { NavLink } from 'react-router';

import type { AudioNativeProject } from '../api/audio-native';
import { inputClasses } from '@/components/ui/input';

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`;

/** The three Audio Native pages, with the project chosen kept in the query. */
export function AudioNativeTabs({ projectId }: { projectId: string | null }) {
  const q = projectId ? `?project=${encodeURIComponent(projectId)}` : '';
  return (
    <nav aria-label="Audio Native" className="flex gap-2">
      <NavLink end to="/app/audio-native" className={tab}>
        Projects
      </NavLink>
      <NavLink end to={`/app/audio-native/settings${q}`} className={tab}>
        Settings
      </NavLink>
      <NavLink end to={`/app/audio-native/settings/player${q}`} className={tab}>
        Player
      </NavLink>
    </nav>
  );
}

/** A select of the workspace's audio-native projects. */
export function ProjectPicker({
  projects,
  value,
  onChange,
}: {
  projects: AudioNativeProject[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      Project
      <select
        className={`${inputClasses} w-64`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        {projects.map((p) => (
          <option key={p.project_id} value={p.project_id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
