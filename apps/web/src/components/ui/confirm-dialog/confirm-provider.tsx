import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

import { ConfirmDialog, type ConfirmOptions, type ConfirmResult } from './confirm-dialog';

type Confirm = (options: ConfirmOptions) => Promise<ConfirmResult>;

const ConfirmContext = createContext<Confirm | null>(null);

type Pending = { id: number; options: ConfirmOptions; resolve: (result: ConfirmResult) => void };

/** Hosts the single confirm dialog that `useConfirm()` opens. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const nextId = useRef(1);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<ConfirmResult>((resolve) => {
        // A second request replaces the first, which counts as cancelled.
        pendingRef.current?.resolve({ confirmed: false, value: '' });
        const next = { id: nextId.current++, options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const onResult = useCallback((result: ConfirmResult) => {
    pendingRef.current?.resolve(result);
    pendingRef.current = null;
    setPending(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? <ConfirmDialog key={pending.id} open options={pending.options} onResult={onResult} /> : null}
    </ConfirmContext.Provider>
  );
}

/** Returns `confirm(options)`, which opens the dialog and resolves with `{ confirmed, value }`. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
