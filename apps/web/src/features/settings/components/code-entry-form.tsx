import type { FormEvent, ReactNode } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';

type Props = {
  /** The field's label: "Authentication code", "Verification code". */
  label: string;
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: () => void;
  pending: boolean;
  /** The submit button's text ("Verify" unless told). */
  submitText?: string;
  danger?: boolean;
  /** The button beside the submit button: Cancel, or Resend code. */
  secondary: ReactNode;
  /** Shown above the field (the QR code of an authenticator app). */
  children?: ReactNode;
};

/** The "enter the 6-digit code" step of a second-factor dialog: one numeric field and the submit button. */
export function CodeEntryForm({
  label,
  code,
  onCodeChange,
  onSubmit,
  pending,
  submitText = 'Verify',
  danger,
  secondary,
  children,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-5">
      {children}
      <Field label={label}>
        {(id) => (
          <Input
            id={id}
            name="code"
            autoFocus
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {secondary}
        <LoadingButton
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          loading={pending}
          disabled={code.trim().length < 6}
        >
          {submitText}
        </LoadingButton>
      </div>
    </form>
  );
}
