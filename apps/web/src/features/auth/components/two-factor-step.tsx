import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';

import { twoFactorChallengeEnded, twoFactorErrorMessage } from '../api/sign-in-errors';
import { sendSignInCode, useVerifySecondFactor, type SecondFactorMethod } from '../api/verify-second-factor';

type TwoFactorStepProps = {
  /** What the password step offered: "totp" (authenticator app), "otp" (a code texted to the phone). */
  methods: readonly string[];
  onSuccess: () => void;
  onRestart: () => void;
};

const COPY: Record<SecondFactorMethod, { label: string; hint: string; switchTo: string }> = {
  sms: {
    label: 'Text message code',
    hint: 'We sent a 6-digit code to the phone number on your account.',
    switchTo: 'Text me a code',
  },
  totp: {
    label: 'Authentication code',
    hint: 'Enter the 6-digit code from your authenticator app.',
    switchTo: 'Use the authenticator app',
  },
  backup: {
    label: 'Backup code',
    hint: 'Enter one of the backup codes you saved when you set up two-factor authentication.',
    switchTo: 'Use a backup code',
  },
};

/**
 * Second sign-in step (accounts.md §4: "If a second factor is required, phone verification starts"): a
 * code texted to the enrolled phone when there is one, otherwise the authenticator app; a backup code
 * goes with the authenticator app.
 */
export function TwoFactorStep({ methods, onSuccess, onRestart }: TwoFactorStepProps) {
  const verify = useVerifySecondFactor();
  // Failures are about this sign-in page: they close when the user moves on.
  const pageToast = toast.forPage(useLocation().pathname);
  const available: SecondFactorMethod[] = [
    ...(methods.includes('otp') ? (['sms'] as const) : []),
    ...(methods.includes('totp') || !methods.includes('otp') ? (['totp', 'backup'] as const) : []),
  ];
  const [method, setMethod] = useState<SecondFactorMethod>(available[0]!);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const sent = useRef(false);

  const fail = (error: unknown, failed: SecondFactorMethod) => {
    pageToast.error(twoFactorErrorMessage(error));
    setCode('');
    if (twoFactorChallengeEnded(error, failed)) onRestart();
  };

  const textCode = () => {
    setSending(true);
    sendSignInCode()
      .then(() => pageToast.success('We have sent you a text message with your sign-in code.'))
      .catch((error: unknown) => fail(error, 'sms'))
      .finally(() => setSending(false));
  };

  // Phone verification starts by itself: the first text goes out as soon as the step shows.
  useEffect(() => {
    if (method !== 'sms' || sent.current) return;
    sent.current = true;
    textCode();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per step
  }, [method]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending || !code.trim()) return;
    verify.mutate({ method, code }, { onSuccess, onError: (error) => fail(error, method) });
  };

  const copy = COPY[method];
  return (
    <form onSubmit={submit} className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{copy.hint}</p>
      <Field label={copy.label}>
        {(id) => (
          <Input
            id={id}
            name="code"
            autoFocus
            required
            autoComplete="one-time-code"
            inputMode={method === 'backup' ? 'text' : 'numeric'}
            maxLength={method === 'backup' ? 32 : 6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <LoadingButton type="submit" size="lg" className="w-full" loading={verify.isPending}>
        Verify
      </LoadingButton>
      <div className="flex flex-wrap justify-between gap-2">
        <div className="flex flex-wrap gap-1">
          {method === 'sms' ? (
            <Button variant="ghost" size="sm" disabled={sending} onClick={textCode}>
              Resend code
            </Button>
          ) : null}
          {available
            .filter((m) => m !== method)
            .map((m) => (
              <Button
                key={m}
                variant="ghost"
                size="sm"
                onClick={() => {
                  setMethod(m);
                  setCode('');
                }}
              >
                {COPY[m].switchTo}
              </Button>
            ))}
        </div>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          Back
        </Button>
      </div>
    </form>
  );
}
