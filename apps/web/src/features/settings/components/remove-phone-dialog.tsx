import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';

import { useTextedCode } from '../hooks/use-texted-code';
import { CodeEntryForm } from './code-entry-form';

type Props = { open: boolean; onClose: () => void };

/**
 * Removes the phone of an account without a password (social sign-in): a code texted to the phone
 * confirms it (decision 024).
 */
export function RemovePhoneDialog({ open, onClose }: Props) {
  const close = () => {
    texted.reset();
    onClose();
  };
  const texted = useTextedCode({
    sendBody: () => ({ sms: null }),
    confirmBody: (code) => ({ sms: null, code }),
    confirmedText: 'Phone number removed',
    onConfirmed: close,
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Remove your phone number?"
      description={
        texted.codeSent
          ? 'Enter the 6-digit code we texted to your phone. Sign-in will no longer text you a code.'
          : 'To confirm, we text a code to your phone number.'
      }
    >
      {texted.codeSent ? (
        <CodeEntryForm
          label="Verification code"
          code={texted.code}
          onCodeChange={texted.setCode}
          onSubmit={texted.confirm}
          pending={texted.pending}
          submitText="Remove"
          danger
          secondary={
            <Button variant="ghost" disabled={texted.pending} onClick={texted.sendCode}>
              Resend code
            </Button>
          }
        />
      ) : (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <LoadingButton loading={texted.pending} onClick={texted.sendCode}>
            Send code
          </LoadingButton>
        </div>
      )}
    </Modal>
  );
}
