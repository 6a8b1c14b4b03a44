import type { SoundCategoryDto } from '@vocalis/contracts/sound-effects';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { getAudio, useSoundCategories } from '../api/sound-effects';
import { searchCategories } from '../lib/explore';
import { card } from './generate-panel';
import { SoundPlayer } from './sound-player';

function Example({ prompt, previewUrl }: { prompt: string; previewUrl: string }) {
  const [audio, setAudio] = useState<Blob | null>(null);
  const [loading, setLoading] = useState(false);
  const play = async () => {
    setLoading(true);
    try {
      setAudio(await getAudio(previewUrl));
    } catch (error) {
      toast.error(errorToastMessage(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <li className="space-y-2" data-testid="sound-example">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">“{prompt}”</p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {!audio && (
          <LoadingButton size="sm" variant="secondary" loading={loading} onClick={() => void play()}>
            Preview
          </LoadingButton>
        )}
        <Link
          to={`${appRoutes.soundEffectsGenerate.path}?prompt=${encodeURIComponent(prompt)}`}
          className={buttonClasses('ghost', 'sm')}
        >
          Use prompt
        </Link>
      </div>
      {audio && <SoundPlayer audio={audio} name={`${prompt}.mp3`} label={`Preview of ${prompt}`} />}
    </li>
  );
}

function CategoryCard({ c, full = false }: { c: SoundCategoryDto; full?: boolean }) {
  return (
    <article className={`${card} space-y-3`} aria-label={c.name}>
      <div className="flex items-baseline gap-2">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">
          {full ? (
            c.name
          ) : (
            <Link
              to={`${appRoutes.soundEffectsExploreCategory.path}?id=${c.category_id}`}
              className="hover:underline"
            >
              {c.name}
            </Link>
          )}
        </h3>
        <span className="text-xs text-zinc-500">about {c.default_duration_seconds} s</span>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{c.description}</p>
      {full && (
        <p className="text-xs text-zinc-500">
          Prompt words: {c.keywords.join(', ')}. Modifiers: heavy or light, low or high, slow or fast.
        </p>
      )}
      <ul className="space-y-2">
        {c.examples.map((e) => (
          <Example key={e.preview_url} prompt={e.prompt} previewUrl={e.preview_url} />
        ))}
      </ul>
    </article>
  );
}

/** The explore tabs: every category (/explore), a search (/explore/search?q=), one category (/explore/category?id=). */
export function ExplorePanel({ mode }: { mode: 'all' | 'search' | 'category' }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const categories = useSoundCategories();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const all = categories.data?.categories ?? [];

  const searchBox = (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void navigate(`${appRoutes.soundEffectsExploreSearch.path}?q=${encodeURIComponent(query)}`);
      }}
    >
      <input
        aria-label="Search sound effects"
        className={inputClasses}
        placeholder="Search: rain, engine, beep…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <button type="submit" className={buttonClasses('secondary')}>
        Search
      </button>
    </form>
  );

  if (categories.isPending) return <p className="text-sm text-zinc-500">Loading…</p>;
  let body;
  if (mode === 'category') {
    const c = all.find((x) => x.category_id === params.get('id'));
    body = c ? (
      <CategoryCard c={c} full />
    ) : (
      <p className="text-sm text-zinc-500">
        No such category.{' '}
        <Link className="underline" to={appRoutes.soundEffectsExplore.path}>
          See all categories
        </Link>
      </p>
    );
  } else {
    const q = params.get('q') ?? '';
    const shown = mode === 'search' ? searchCategories(all, q) : all;
    body = (
      <>
        {mode === 'search' && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {shown.length
              ? `${shown.length} ${shown.length === 1 ? 'category' : 'categories'} for “${q}”`
              : `The built-in generator cannot make “${q}”. It makes the categories below.`}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {(shown.length ? shown : all).map((c) => (
            <CategoryCard key={c.category_id} c={c} />
          ))}
        </div>
      </>
    );
  }
  return (
    <div className="space-y-4">
      {searchBox}
      {categories.data && <p className="max-w-3xl text-xs text-zinc-500">{categories.data.generator}</p>}
      {body}
    </div>
  );
}
