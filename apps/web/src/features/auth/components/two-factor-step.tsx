import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';

import { twoFactorChallengeEnded, twoFactorErrorMessage } from '../api/sign-in-errors';
import { useVerifySecondFactor } from '../api/verify-second-factor';

type TwoFactorStepProps = { onSuccess: () => void; onRestart: () => void };

/** Second sign-in step: a code from the authenticator app, or a backup code. */
export function TwoFactorStep({ onSuccess, onRestart }: TwoFactorStepProps) {
  const verify = useVerifySecondFactor();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending || !code.trim()) return;
    verify.mutate(
      { method, code },
      {
        onSuccess,
        onError: (error) => {
          toast.error(twoFactorErrorMessage(error));
          setCode('');
          if (twoFactorChallengeEnded(error)) onRestart();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {method === 'totp'
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the backup codes you saved when you set up two-factor authentication.'}
      </p>
      <Field label={method === 'totp' ? 'Authentication code' : 'Backup code'}>
        {(id) => (
          <Input
            id={id}
            name="code"
            autoFocus
            required
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            maxLength={method === 'totp' ? 6 : 32}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <LoadingButton type="submit" size="lg" className="w-full" loading={verify.isPending}>
        Verify
      </LoadingButton>
      <div className="flex justify-between">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setMethod(method === 'totp' ? 'backup' : 'totp');
            setCode('');
          }}
        >
          {method === 'totp' ? 'Use a backup code' : 'Use the authenticator app'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          Back
        </Button>
      </div>
    </form>
  );
}
