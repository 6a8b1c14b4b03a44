import { useVoices } from '@/lib/voices';

import { CopyNotice } from './copy-notice';

/** The voices I added from the library, each with its removal notice once its owner stopped sharing it. */
export function MyLibraryVoices() {
  const { data: voices } = useVoices();
  const copies = (voices ?? []).filter((v) => v.sharing?.status === 'copied');
  if (!copies.length) return null;
  return (
    <section aria-labelledby="my-library-voices" className="space-y-3">
      <h3 id="my-library-voices" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Added from the library
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {copies.map((v) => (
          <li
            key={v.voice_id}
            className="space-y-2 rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <p className="font-medium text-zinc-900 dark:text-zinc-50">{v.name}</p>
            {v.sharing?.disable_at_unix ? (
              <CopyNotice disableAtUnix={v.sharing.disable_at_unix} />
            ) : (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">Shared by its owner; ready to use.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
