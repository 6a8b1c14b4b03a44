import { useState } from 'react';

import { toast } from './toast/toast-store';
import { Button, type ButtonProps } from './button';

/** Copies `value` to the clipboard and says so. */
export function CopyButton({
  value,
  label = 'Copy',
  ...props
}: ButtonProps & { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      {...props}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          toast.success('Copied to clipboard');
        } catch {
          toast.error('Could not copy; select the text and copy it instead.');
        }
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
