import type { ProjectResponse } from '@vocalis/contracts/studio';

import { DictionaryPicker } from '@/components/pronunciation/dictionary-picker';
import { errorToastMessage } from '@/lib/error-toast';

import { useSetProjectDictionaries } from '../api/projects';

/**
 * The project's pronunciation dictionaries (project settings): saved as soon as they change. They are part of
 * every block's fingerprint, so the next conversion regenerates the blocks they touch.
 */
export function ProjectDictionaries({ project }: { project: ProjectResponse }) {
  const save = useSetProjectDictionaries(project.project_id);
  return (
    <section
      aria-label="Project pronunciation"
      className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-100">Pronunciation dictionaries</h3>
      <DictionaryPicker
        value={save.isPending && save.variables ? save.variables : project.pronunciation_dictionaries}
        onChange={(next) => save.mutate(next)}
        disabled={save.isPending || project.state !== 'default'}
      />
      {save.error && (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errorToastMessage(save.error)}
        </p>
      )}
    </section>
  );
}
