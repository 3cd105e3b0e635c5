import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useContext, type ReactNode } from 'react';
import { TooltipProviderMounted } from './tooltip-context';
import { uiSettings } from './ui-settings';

/**
 * Shares the open delay between the tooltips below it, so moving from one to the next skips
 * the wait. Layouts mount it; it is not global, which keeps the tooltip code out of pages
 * that have no tooltip.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={uiSettings.tooltip.delayMs}
      skipDelayDuration={uiSettings.tooltip.skipDelayMs}
    >
      <TooltipProviderMounted.Provider value>{children}</TooltipProviderMounted.Provider>
    </TooltipPrimitive.Provider>
  );
}

/** `children` must be one focusable element; it becomes the trigger. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const shared = useContext(TooltipProviderMounted);
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-fg px-2.5 py-1.5 text-xs text-surface shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-fg" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return shared ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
