import { appRoutes } from '@vocalis/domain/app-routes';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { useLiveBilling, useSubscription } from '@/lib/subscription';
import { useVoices } from '@/lib/voices';

import { myVoices, SORT_LABELS, type VoiceSort } from '../lib/my-voices';
import { voiceLimits } from '../lib/voice-limits';

import { AddVoiceDialog } from './add-voice-dialog';
import { VoiceCard } from './voice-card';
import { VoiceDetails } from './voice-details';

/** The plan's voice allowance: custom voices and this month's adds and edits (GET /v1/user/subscription). */
export function VoiceLimitsBar({ limits }: { limits: ReturnType<typeof voiceLimits> | null }) {
  if (!limits) return <div className="h-5 w-64 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />;
  return (
    <p
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="voice-limits"
    >
      <span data-testid="voice-slots">{limits.voicesText}</span>
      <span data-testid="voice-add-edits">{limits.addEditsText}</span>
    </p>
  );
}

/** /app/voice-lab, "My voices": the workspace's cloned, designed and professional voices. */
export function VoiceLabView() {
  const voices = useVoices();
  const sub = useSubscription();
  useLiveBilling();
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<VoiceSort>('newest');
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const limits = sub.data ? voiceLimits(sub.data) : null;
  const list = useMemo(() => myVoices(voices.data ?? [], query, sort), [voices.data, query, sort]);
  const total = useMemo(() => myVoices(voices.data ?? [], '', sort).length, [voices.data, sort]);
  const open = voices.data?.find((v) => v.voice_id === openId) ?? null;
  const designHref = () => {
    const next = new URLSearchParams(params);
    next.set('dialog', 'design-voice');
    return `?${next.toString()}`;
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <VoiceLimitsBar limits={limits} />
        <div className="flex flex-wrap gap-2">
          <Link to={appRoutes.voiceLibrary.path} className={buttonClasses('ghost', 'sm', 'sm:h-10 sm:px-4')}>
            Voice library
          </Link>
          <Link to={designHref()} className={buttonClasses('secondary', 'sm', 'sm:h-10 sm:px-4')}>
            Design a voice
          </Link>
          <Button
            size="sm"
            className="sm:h-10 sm:px-4"
            onClick={() => setAdding(true)}
            disabled={!limits || !!limits.addBlockedReason}
            title={limits?.addBlockedReason ?? undefined}
          >
            Add voice
          </Button>
        </div>
      </div>
      {limits?.addBlockedReason ? (
        <p
          role="status"
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {limits.addBlockedReason}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          aria-label="Search my voices"
          placeholder="Search by name, description or label"
          className={clsx(inputClasses, 'sm:max-w-sm')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <select
          aria-label="Sort"
          className={clsx(inputClasses, 'sm:w-44')}
          value={sort}
          onChange={(e) => setSort(e.target.value as VoiceSort)}
        >
          {(Object.keys(SORT_LABELS) as VoiceSort[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      {voices.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />
          ))}
        </div>
      ) : voices.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          Error occured while fetching voices.
        </p>
      ) : list.length ? (
        <ul aria-label="My voices" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((v) => (
            <VoiceCard key={v.voice_id} voice={v} onOpen={() => setOpenId(v.voice_id)} />
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
          <p className="font-medium text-zinc-900 dark:text-white">
            {total ? 'No Results.' : 'No voices of your own yet'}
          </p>
          {total ? null : (
            <p className="mx-auto mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              Clone a voice from a minute of recorded speech, or design one from a description. Cloned voices
              here are profile voices: a built-in voice fitted to your recording&apos;s pitch, pace and
              brightness.
            </p>
          )}
        </div>
      )}
      <AddVoiceDialog
        open={adding}
        onOpenChange={setAdding}
        blockedReason={limits?.addBlockedReason ?? null}
        onCreated={setOpenId}
      />
      <VoiceDetails
        voice={open}
        onClose={() => setOpenId(null)}
        editBlockedReason={limits?.editBlockedReason ?? null}
      />
    </div>
  );
}
