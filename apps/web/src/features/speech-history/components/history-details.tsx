import type { HistoryItem } from '@vocalis/contracts/history';
import { appRoutes } from '@vocalis/domain/app-routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';

/** The text-to-speech page with this item loaded into the editor (text, voice, model, settings). */
export const regenerateHref = (id: string) =>
  `${appRoutes.textToSpeech.path}?history_item_id=${encodeURIComponent(id)}`;

const SETTING_LABELS: [key: string, label: string, format: (v: number) => string][] = [
  ['speed', 'Speed', (v) => `${v.toFixed(2)}×`],
  ['stability', 'Stability', (v) => `${Math.round(v * 100)}%`],
  ['similarity_boost', 'Similarity', (v) => `${Math.round(v * 100)}%`],
  ['style', 'Style exaggeration', (v) => `${Math.round(v * 100)}%`],
];

/** The item's voice settings as label and value pairs, in the editor's order. */
export function settingsRows(settings: HistoryItem['settings']): [string, string][] {
  if (!settings) return [];
  const rows: [string, string][] = SETTING_LABELS.flatMap(([key, label, format]) => {
    const value = settings[key];
    return typeof value === 'number' ? [[label, format(value)] as [string, string]] : [];
  });
  if (typeof settings.use_speaker_boost === 'boolean')
    rows.push(['Speaker boost', settings.use_speaker_boost ? 'On' : 'Off']);
  return rows;
}

type HistoryDetailsProps = {
  item: HistoryItem | null;
  onClose: () => void;
  modelName: string | null;
  date: string;
  playing: boolean;
  onPlay: () => void;
  /** Download, share and delete. */
  actions: ReactNode;
};

/** One generation opened from the list: its whole text, voice, model and settings; play or regenerate it. */
export function HistoryDetails({
  item,
  onClose,
  modelName,
  date,
  playing,
  onPlay,
  actions,
}: HistoryDetailsProps) {
  const voice = item ? historyVoiceLabel(item) : '';
  const rows = item ? settingsRows(item.settings) : [];
  return (
    <Modal open={item !== null} onOpenChange={(open) => !open && onClose()} title="Generation">
      {item ? (
        <div className="space-y-4">
          {item.dialogue?.length ? (
            <ol className="max-h-64 space-y-2 overflow-y-auto text-sm" aria-label="Dialogue lines">
              {item.dialogue.map((line, i) => (
                <li key={i}>
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{line.voice_name}: </span>
                  <span className="text-zinc-700 dark:text-zinc-300">{line.text}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p
              data-testid="history-details-text"
              className="max-h-64 overflow-y-auto text-sm whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
            >
              {item.text}
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-500">Voice</dt>
            <dd className="text-zinc-900 dark:text-zinc-100">{voice}</dd>
            {modelName ? (
              <>
                <dt className="text-zinc-500">Model</dt>
                <dd className="text-zinc-900 dark:text-zinc-100">{modelName}</dd>
              </>
            ) : null}
            <dt className="text-zinc-500">Created</dt>
            <dd className="text-zinc-900 dark:text-zinc-100">{date}</dd>
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-500">{label}</dt>
                <dd className="text-zinc-900 tabular-nums dark:text-zinc-100">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
            <Button variant="secondary" size="sm" onClick={onPlay}>
              {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
              {playing ? 'Pause' : 'Play'}
            </Button>
            <Link to={regenerateHref(item.history_item_id)} className={buttonClasses('primary', 'sm')}>
              Regenerate
            </Link>
            <div className="ml-auto flex items-center">{actions}</div>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
