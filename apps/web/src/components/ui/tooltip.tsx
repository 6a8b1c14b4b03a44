import * as RadixTooltip from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_FADE_MS, TOOLTIP_OFFSET } from '@vocalis/domain/ui-constants';
import type { ReactNode } from 'react';

/** App-wide tooltip timing (accounts.md §9: open delay 400 ms). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

export type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** Wraps one focusable child; shows `content` after the delay, offset 5 px, fading in over 250 ms. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={TOOLTIP_OFFSET}
          style={{ animationDuration: `${TOOLTIP_FADE_MS}ms` }}
          className="z-[90] max-w-xs animate-fade-in rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md select-none dark:bg-zinc-100 dark:text-zinc-900"
        >
          {content}
          <RadixTooltip.Arrow className="fill-zinc-900 dark:fill-zinc-100" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
