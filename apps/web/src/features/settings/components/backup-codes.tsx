import { CopyButton } from '@/components/ui/copy-button';

/** Backup codes, shown once, with a copy-all button. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <ul
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-zinc-100 p-4 font-mono text-sm dark:bg-zinc-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton value={codes.join('\n')} label="Copy codes" />
    </div>
  );
}
