import { Spinner } from '@/components/ui/icons';

/** Centred spinner while the user loads. */
export function PageSpinner() {
  return (
    <div
      className="flex min-h-64 items-center justify-center text-zinc-400"
      role="status"
      aria-label="Loading"
    >
      <Spinner className="size-6" />
    </div>
  );
}
