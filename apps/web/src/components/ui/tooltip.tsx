import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

export interface TooltipProps {
  /** The tooltip text. Shown on hover and on keyboard focus; dismissed with Escape. */
  content: ReactNode;
  /**
   * One focusable element. A disabled button cannot receive focus or hover, so wrap it in a
   * <span tabIndex={0}> (or use aria-disabled) when the tooltip explains why it is disabled.
   */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * Short supplementary text (Radix Tooltip; the trigger gets aria-describedby). Never put essential
 * information only in a tooltip: touch users may not see it.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 max-w-xs animate-fade-in rounded-md bg-fg px-3 py-1.5 text-sm text-page shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-fg" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
