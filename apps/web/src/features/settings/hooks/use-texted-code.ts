import type { UpdateMfaFactorsBody } from '@vocalis/contracts/two-factor';
import { useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useUpdatePhoneFactor } from '../api/update-phone-factor';

type Options = {
  /** The request that texts the code (sent again by "Resend code"). */
  sendBody: () => UpdateMfaFactorsBody;
  /** The request that hands the typed code in. */
  confirmBody: (code: string) => UpdateMfaFactorsBody;
  /** The toast once the code was accepted. */
  confirmedText: string;
  onConfirmed: () => void;
};

/**
 * The two steps of a phone-factor dialog that texts a code: send (or resend) it, then hand it in. A wrong
 * code clears the field and shows the server's message.
 */
export function useTextedCode({ sendBody, confirmBody, confirmedText, onConfirmed }: Options) {
  const update = useUpdatePhoneFactor();
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  const sendCode = () =>
    update.mutate(sendBody(), {
      onSuccess: () => {
        setCodeSent(true);
        toast.success('We have sent you a text message with a verification code.');
      },
      onError: (error) => showErrorToast(error),
    });

  const confirm = () =>
    update.mutate(confirmBody(code.trim()), {
      onSuccess: () => {
        toast.success(confirmedText);
        onConfirmed();
      },
      onError: (error) => {
        setCode('');
        showErrorToast(error);
      },
    });

  const reset = () => {
    setCode('');
    setCodeSent(false);
  };

  return { code, setCode, codeSent, sendCode, confirm, reset, pending: update.isPending };
}
