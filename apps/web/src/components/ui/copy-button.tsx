import { useState } from 'react';

import { toast } from './toast/toast-store';
import { Button, type ButtonProps } from './button';

/** Copies `value` to the clipboard and says so (`copiedMessage`, e.g. the share modal's own text). */
export function CopyButton({
  value,
  label = 'Copy',
  copiedMessage = 'Copied to clipboard',
  children,
  ...props
}: ButtonProps & { value: string; label?: string; copiedMessage?: string }) {
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
          toast.success(copiedMessage);
        } catch {
          toast.error('Could not copy; select the text and copy it instead.');
        }
      }}
    >
      {children}
      {copied ? 'Copied' : label}
    </Button>
  );
}
