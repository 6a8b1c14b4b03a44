import {
  MAX_CUSTOM_RATE,
  MAX_NOTICE_PERIOD_DAYS,
  MIN_CUSTOM_RATE,
} from '@vocalis/domain/voices/voice-sharing';
import type { ReactNode } from 'react';

import { Field, Input, inputClasses } from '@/components/ui/input';

import { useVoiceGenerations } from '../api/get-voice-generations';

export type SharingDraft = {
  enableLibrary: boolean;
  noticePeriod: number;
  customRate: number | null;
  freeUsersAllowed: boolean;
  liveModeration: boolean;
  voiceMixingAllowed: boolean;
  readerAppEnabled: boolean;
  previewHistoryItemId: string | null;
  labels: Record<string, string>;
  emails: string;
};

const LABELS = [
  ['gender', 'Gender', ['male', 'female', 'neutral']],
  ['age', 'Age', ['young', 'middle_aged', 'old']],
  [
    'use_case',
    'Use case',
    ['narration', 'conversational', 'characters', 'news', 'social_media', 'educational'],
  ],
] as const;

function Toggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-indigo-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

/** The spec's sharing settings as a form (content-and-workspace.md §3 "Voice sharing settings"). */
export function SharingForm({
  voiceId,
  draft,
  onChange,
}: {
  voiceId: string;
  draft: SharingDraft;
  onChange: (d: SharingDraft) => void;
}) {
  const set = (patch: Partial<SharingDraft>) => onChange({ ...draft, ...patch });
  const setLabel = (k: string, v: string) => set({ labels: { ...draft.labels, [k]: v } });
  const { data: generations } = useVoiceGenerations(voiceId);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {LABELS.map(([key, label, options]) => (
          <Field key={key} label={label}>
            {(id) => (
              <select
                id={id}
                className={`${inputClasses} capitalize`}
                value={draft.labels[key] ?? ''}
                onChange={(e) => setLabel(key, e.target.value)}
              >
                <option value="">—</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o.replace('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
        <Field label="Accent">
          {(id) => (
            <Input
              id={id}
              value={draft.labels.accent ?? ''}
              maxLength={100}
              onChange={(e) => setLabel('accent', e.target.value)}
            />
          )}
        </Field>
        <Field label="Style" className="sm:col-span-2">
          {(id) => (
            <Input
              id={id}
              placeholder="calm, deep, warm…"
              value={draft.labels.descriptive ?? ''}
              maxLength={100}
              onChange={(e) => setLabel('descriptive', e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Notice period (days)" hint="How long copies keep working after you stop sharing.">
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0}
              max={MAX_NOTICE_PERIOD_DAYS}
              value={draft.noticePeriod}
              onChange={(e) =>
                set({
                  noticePeriod: Math.max(
                    0,
                    Math.min(MAX_NOTICE_PERIOD_DAYS, Math.round(Number(e.target.value) || 0)),
                  ),
                })
              }
            />
          )}
        </Field>
        <Field
          label="Custom rate (×)"
          hint={`Empty: the standard rate. ${MIN_CUSTOM_RATE}–${MAX_CUSTOM_RATE}; not for free plans.`}
        >
          {(id) => (
            <Input
              id={id}
              type="number"
              step={0.1}
              min={MIN_CUSTOM_RATE}
              max={MAX_CUSTOM_RATE}
              value={draft.customRate ?? ''}
              onChange={(e) => {
                const rate = e.target.value === '' ? null : Number(e.target.value);
                set({ customRate: rate, ...(rate !== null ? { freeUsersAllowed: false } : {}) });
              }}
            />
          )}
        </Field>
      </div>
      <Field
        label="Preview"
        hint="One of your generations with this voice plays as its preview; otherwise a standard sentence."
      >
        {(id) => (
          <select
            id={id}
            className={inputClasses}
            value={draft.previewHistoryItemId ?? ''}
            onChange={(e) => set({ previewHistoryItemId: e.target.value || null })}
          >
            <option value="">Standard preview sentence</option>
            {generations?.map((g) => (
              <option key={g.history_item_id} value={g.history_item_id}>
                {g.text.length > 60 ? `${g.text.slice(0, 60)}…` : g.text}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <Toggle checked={draft.enableLibrary} onChange={(v) => set({ enableLibrary: v })}>
          List in the voice library
        </Toggle>
        <Toggle checked={draft.freeUsersAllowed} onChange={(v) => set({ freeUsersAllowed: v })}>
          Free plans may add it
        </Toggle>
        <Toggle checked={draft.liveModeration} onChange={(v) => set({ liveModeration: v })}>
          Live moderation
        </Toggle>
        <Toggle checked={draft.voiceMixingAllowed} onChange={(v) => set({ voiceMixingAllowed: v })}>
          Allow voice mixing
        </Toggle>
        <Toggle checked={draft.readerAppEnabled} onChange={(v) => set({ readerAppEnabled: v })}>
          Available in the reader app
        </Toggle>
      </div>
      {!draft.enableLibrary ? (
        <Field
          label="Invite by email"
          hint="Only these people can open and add it by its link; empty: anyone with the link."
        >
          {(id) => (
            <Input
              id={id}
              placeholder="ana@example.com, li@example.com"
              value={draft.emails}
              onChange={(e) => set({ emails: e.target.value })}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
