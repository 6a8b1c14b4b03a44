import { appRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { isHttpError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { errorToastMessage } from '@/lib/error-toast';
import { useVoices } from '@/lib/voices';

import { useSharedVoice } from '../api/get-shared-voice';

import { AddVoiceDialog } from './add-voice-dialog';
import { CopyNotice } from './copy-notice';
import { usePreviewPlayer } from './use-preview-player';

/** A shared voice's public page: what it is, its preview, and add (or the copy's state when added). */
export function SharedVoiceView({ publicUserId, voiceId }: { publicUserId: string; voiceId: string }) {
  const { data: voice, error, isPending } = useSharedVoice(publicUserId, voiceId);
  const { data: user } = useCurrentUser();
  const { data: mine } = useVoices();
  const player = usePreviewPlayer();
  const [adding, setAdding] = useState(false);
  const copy = mine?.find((v) => v.sharing?.original_voice_id === voiceId && v.sharing.status === 'copied');

  if (isPending)
    return (
      <div className="flex justify-center py-16 text-zinc-400">
        <Spinner className="size-6" />
      </div>
    );
  if (!voice)
    return (
      <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
        <p className="font-medium text-zinc-800 dark:text-zinc-200">
          {isHttpError(error) && error.status === 404
            ? 'This voice is not shared (any more).'
            : errorToastMessage(error)}
        </p>
        <Link to={appRoutes.voiceLibrary.path} className={`${buttonClasses('secondary', 'sm')} mt-4`}>
          Browse the library
        </Link>
      </div>
    );

  const own = voice.public_owner_id === user?.public_user_id;
  const facts = [
    ['Gender', voice.gender],
    ['Age', voice.age.replace('_', ' ')],
    ['Accent', voice.accent],
    ['Use case', voice.use_case],
    ['Style', voice.descriptive],
    ['Language', voice.language.toUpperCase()],
    ['Rate', voice.rate === 1 ? 'Standard' : `×${voice.rate}`],
    ['Added by', `${voice.cloned_by_count} ${voice.cloned_by_count === 1 ? 'workspace' : 'workspaces'}`],
  ].filter(([, v]) => v);

  return (
    <article className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">
            Shared voice · {voice.category}
          </p>
          <h2 className="mt-1 text-2xl font-semibold text-zinc-900 dark:text-white">{voice.name}</h2>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
            {voice.description || 'No description.'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => player.toggle(voice.voice_id, voice.preview_url)}>
            {player.playingId ? 'Stop preview' : 'Play preview'}
          </Button>
          {own ? null : voice.is_added_by_user ? (
            <span className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-emerald-700 dark:text-emerald-400">
              Added to my voices
            </span>
          ) : (
            <Button onClick={() => setAdding(true)}>Add to my voices</Button>
          )}
        </div>
      </header>
      {copy?.sharing?.disable_at_unix ? <CopyNotice disableAtUnix={copy.sharing.disable_at_unix} /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([k, v]) => (
          <div key={k} className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
            <dt className="text-xs text-zinc-500">{k}</dt>
            <dd className="text-sm font-medium text-zinc-900 capitalize dark:text-zinc-100">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        A profile voice: a built-in voice fitted to the owner’s recording (pitch, pace, brightness), not a
        neural clone.
      </p>
      <AddVoiceDialog voice={adding ? voice : null} onClose={() => setAdding(false)} />
    </article>
  );
}
