import { Field, Input } from '@/components/ui/input';

import type { AdvancedEdit, BehaviourEdit } from '../lib/agent-behaviour';

type NumberKey =
  'turn_timeout' | 'silence_end_call_timeout' | 'max_duration_seconds' | 'temperature' | 'max_tokens';
const NUMBERS: { key: NumberKey; label: string; hint: string; min: number; max: number; step: number }[] = [
  {
    key: 'turn_timeout',
    label: 'Turn timeout (seconds)',
    hint: 'After the agent spoke and the caller stays silent this long, it asks “Are you still there?” once. Empty: never.',
    min: 1,
    max: 300,
    step: 1,
  },
  {
    key: 'silence_end_call_timeout',
    label: 'Silence end-call timeout (seconds)',
    hint: 'The call ends when the caller has said nothing for this long. Empty: never.',
    min: 1,
    max: 7200,
    step: 1,
  },
  {
    key: 'max_duration_seconds',
    label: 'Maximum call duration (seconds)',
    hint: 'The call ends when it lasts this long (and never past the plan’s minutes). Empty: 600.',
    min: 1,
    max: 7200,
    step: 1,
  },
  {
    key: 'temperature',
    label: 'Temperature',
    hint: 'Sent to the language model: 0 answers the same way each time, up to 2 varies most. Empty: the model’s default.',
    min: 0,
    max: 2,
    step: 0.1,
  },
  {
    key: 'max_tokens',
    label: 'Maximum tokens per answer',
    hint: 'Sent to the language model. Empty: no limit.',
    min: 1,
    max: 100000,
    step: 1,
  },
];

/** Settings the conversation loop honours (decision 250); values the server refuses are reported on save. */
export function AgentAdvancedTab(props: { value: BehaviourEdit; onChange(value: BehaviourEdit): void }) {
  const a = props.value.advanced;
  const set = <K extends keyof AdvancedEdit>(key: K, v: AdvancedEdit[K]) =>
    props.onChange({ ...props.value, advanced: { ...a, [key]: v } });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBERS.map((n) => (
          <Field key={n.key} label={n.label} hint={n.hint}>
            {(id) => (
              <Input
                id={id}
                type="number"
                min={n.min}
                max={n.max}
                step={n.step}
                value={a[n.key]}
                onChange={(e) => set(n.key, e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
      <Check
        label="The caller can interrupt the agent"
        hint="When off, the agent finishes what it says before it listens to the next request."
        checked={a.interruptions}
        onChange={(v) => set('interruptions', v)}
      />
      <Check
        label="Text only"
        hint="Conversations exchange text messages; the agent’s answers are not spoken."
        checked={a.text_only}
        onChange={(v) => set('text_only', v)}
      />
      <Check
        label="Record the caller’s audio"
        hint="Kept with the conversation in the call history; when off only the transcript is stored."
        checked={a.record_voice}
        onChange={(v) => set('record_voice', v)}
      />
    </div>
  );
}

function Check(props: { label: string; hint: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        {props.label}
        <span className="block text-xs text-zinc-500">{props.hint}</span>
      </span>
    </label>
  );
}
