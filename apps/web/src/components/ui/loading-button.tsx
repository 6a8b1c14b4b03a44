import { LOADING_BUTTON_MIN_SPINNER_MS } from '@vocalis/domain/ui-constants';

import { useMinimumDuration } from '@/hooks/use-minimum-duration';

import { Button, type ButtonProps } from './button';
import { Spinner } from './icons';

export type LoadingButtonProps = ButtonProps & { loading?: boolean };

/**
 * A button that shows a spinner while `loading`; once shown, the spinner stays for at least
 * LOADING_BUTTON_MIN_SPINNER_MS (400 ms) and the button stays disabled meanwhile.
 */
export function LoadingButton({ loading = false, disabled, children, ...props }: LoadingButtonProps) {
  const showSpinner = useMinimumDuration(loading, LOADING_BUTTON_MIN_SPINNER_MS);
  return (
    <Button {...props} disabled={disabled || showSpinner} aria-busy={showSpinner || undefined}>
      {showSpinner ? <Spinner className="size-4" data-testid="loading-spinner" /> : null}
      {children}
    </Button>
  );
}
