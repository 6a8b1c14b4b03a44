import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage, showErrorToast } from '@/lib/error-toast';

import { useChangeEmail, useRequestEmailChange } from '../api/change-email';

export const EMAIL_UPDATED = 'Email updated! Please refresh this page to reauthenticate.';
export const EMAIL_UPDATE_FAILED = 'Unable to update email, ';

/**
 * Redeems a mailed email-change link (`?emailChangeCode=…`, plus `isReverting=true` for the link sent to
 * the old address) once, toasts the outcome (accounts.md §8) and removes the code from the address bar.
 */
export function useEmailChangeFromUrl() {
  const [params, setParams] = useSearchParams();
  const change = useChangeEmail();
  const handled = useRef<string | null>(null);
  const code = params.get('emailChangeCode');
  const isReverting = params.get('isReverting') === 'true';
  useEffect(() => {
    if (!code || handled.current === code) return;
    handled.current = code;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('emailChangeCode');
        next.delete('isReverting');
        return next;
      },
      { replace: true },
    );
    change.mutate(
      { code, isReverting },
      {
        onSuccess: () => toast.success(EMAIL_UPDATED),
        onError: (error) => toast.error(EMAIL_UPDATE_FAILED + errorToastMessage(error)),
      },
    );
  }, [code, isReverting, change, setParams]);
}

/** The "Change email" button and its dialog: the new address gets a confirmation link. */
export function ChangeEmailButton({ currentEmail }: { currentEmail?: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const request = useRequestEmailChange();
  const close = () => {
    setOpen(false);
    setEmail('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        close();
      },
      onError: (error) => showErrorToast(error),
    });
  };
  const trimmed = email.trim();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Change email
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => !next && close()}
        title="Change email"
        description="We will send a link to the new address. Your email changes when you open it."
      >
        <form onSubmit={submit} className="space-y-5">
          <Field label="New email">
            {(id) => (
              <Input
                id={id}
                type="email"
                autoFocus
                required
                autoComplete="email"
                maxLength={320}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <LoadingButton
              type="submit"
              loading={request.isPending}
              disabled={!trimmed || trimmed.toLowerCase() === currentEmail?.toLowerCase()}
            >
              Send link
            </LoadingButton>
          </div>
        </form>
      </Modal>
    </>
  );
}
