import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

import type { LabelRow } from '../lib/voice-form';

/** Key/value labels of a voice (accent, age, use case …). */
export function LabelsEditor({ rows, onChange }: { rows: LabelRow[]; onChange: (rows: LabelRow[]) => void }) {
  const set = (i: number, patch: Partial<LabelRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Labels</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <Input
            aria-label={`Label ${i + 1} name`}
            placeholder="accent"
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <Input
            aria-label={`Label ${i + 1} value`}
            placeholder="british"
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            size="sm"
            className="h-10"
            aria-label={`Remove label ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        Add label
      </Button>
    </fieldset>
  );
}
