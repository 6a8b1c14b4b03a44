import { Button } from '@/components/ui/button';

type CcpaOptOutRowProps = {
  /** The browser sends a Global Privacy Control signal: opted out, nothing to change. */
  gpc: boolean;
  optedOut: boolean;
  saving?: boolean;
  onChange: (optedOut: boolean) => void;
};

export const CCPA_OPTED_OUT = 'You have opted out of the sale and sharing of your data.';
export const CCPA_UPDATED = 'Your privacy choice was updated.';

/** "Do not sell or share my personal information" with its state and the switch (accounts.md §5). */
export function CcpaOptOutRow({ gpc, optedOut, saving = false, onChange }: CcpaOptOutRowProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium text-zinc-900 dark:text-white">
          Do not sell or share my personal information
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {gpc
            ? 'Your browser sends a Global Privacy Control signal, so you are opted out.'
            : optedOut
              ? 'You are opted out.'
              : 'US state privacy laws let you opt out of the sale and sharing of your data.'}
        </p>
      </div>
      {gpc ? null : (
        <Button variant="secondary" size="sm" disabled={saving} onClick={() => onChange(!optedOut)}>
          {optedOut ? 'Opt back in' : 'Opt out'}
        </Button>
      )}
    </div>
  );
}
