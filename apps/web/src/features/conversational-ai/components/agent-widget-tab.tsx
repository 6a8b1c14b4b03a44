import { Field, Input } from '@/components/ui/input';

import type { WidgetEdit } from '../api/agents';
import { WidgetPreview } from './widget-preview';

const COLORS: [keyof WidgetEdit, string][] = [
  ['bg_color', 'Background colour'],
  ['text_color', 'Text colour'],
  ['btn_color', 'Button colour'],
  ['btn_text_color', 'Button text colour'],
  ['border_color', 'Border colour'],
];
const TEXTS: [keyof WidgetEdit, string][] = [
  ['action_text', 'Call to action'],
  ['start_call_text', 'Start call text'],
  ['end_call_text', 'End call text'],
  ['listening_text', 'Listening text'],
  ['speaking_text', 'Speaking text'],
];
const PLACEMENTS = ['bottom-right', 'bottom', 'bottom-left', 'top-right', 'top', 'top-left'];

/** The Widget tab: the embeddable widget's look and texts, a live preview, and the snippet to paste. */
export function AgentWidgetTab(props: {
  agentId?: string;
  widget: WidgetEdit;
  firstMessage: string;
  onChange(widget: WidgetEdit): void;
}) {
  const { widget } = props;
  const set = <K extends keyof WidgetEdit>(key: K, value: WidgetEdit[K]) =>
    props.onChange({ ...widget, [key]: value });
  const snippet = props.agentId
    ? `<elevenlabs-convai agent-id="${props.agentId}"></elevenlabs-convai>\n<script src="${location.origin}/convai-widget.js" async></script>`
    : null;
  return (
    <div className="grid gap-6 2xl:grid-cols-2">
      <div className="space-y-4">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
          {COLORS.map(([key, label]) => (
            <Field key={key} label={label}>
              {(id) => (
                <input
                  id={id}
                  type="color"
                  className="h-9 w-full cursor-pointer rounded-lg border border-zinc-300 bg-white p-1 dark:border-zinc-700 dark:bg-zinc-950"
                  value={String(widget[key]).slice(0, 7)}
                  onChange={(e) => set(key, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {TEXTS.map(([key, label]) => (
            <Field key={key} label={label}>
              {(id) => (
                <Input id={id} value={String(widget[key])} onChange={(e) => set(key, e.target.value)} />
              )}
            </Field>
          ))}
          <Field label="Placement">
            {(id) => (
              <select
                id={id}
                className="block h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-950"
                value={widget.placement}
                onChange={(e) => set('placement', e.target.value)}
              >
                {PLACEMENTS.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={widget.transcript_enabled}
            onChange={(e) => set('transcript_enabled', e.target.checked)}
          />
          Show the transcript
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={widget.text_input_enabled}
            onChange={(e) => set('text_input_enabled', e.target.checked)}
          />
          Let visitors type messages
        </label>
      </div>
      <div className="space-y-3">
        <h3 className="text-sm font-medium">Preview</h3>
        <WidgetPreview widget={widget} firstMessage={props.firstMessage} />
        {snippet ? (
          <>
            <h3 className="text-sm font-medium">Embed code</h3>
            <pre
              data-testid="widget-snippet"
              className="overflow-x-auto rounded-lg bg-zinc-100 p-3 text-xs whitespace-pre-wrap dark:bg-zinc-950"
            >
              {snippet}
            </pre>
            <p className="text-xs text-zinc-500">
              Sites must be listed on the Security tab when the list there is not empty.
            </p>
          </>
        ) : (
          <p className="text-xs text-zinc-500">The embed code appears once the agent is created.</p>
        )}
      </div>
    </div>
  );
}
