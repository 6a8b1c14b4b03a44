import { useState, type FormEvent } from 'react';

import { Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';

/** Where a promo code is entered; the parent validates it (billing.md §4 promo lifecycle). */
export function PromoCodeForm({ pending, onSubmit }: { pending: boolean; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed) onSubmit(trimmed);
  }
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor="promo-code" className="sr-only">
        Promo code
      </label>
      <Input
        id="promo-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="Promo code"
        className="sm:w-44"
        autoComplete="off"
      />
      <LoadingButton type="submit" variant="secondary" loading={pending} disabled={!code.trim()}>
        Apply
      </LoadingButton>
    </form>
  );
}
