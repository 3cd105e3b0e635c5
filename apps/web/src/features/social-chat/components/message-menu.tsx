import { MoreHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

const openKeys = new Set(['Enter', ' ', 'ArrowDown']);
const buttonClass = 'size-7 opacity-60 group-hover:opacity-100 focus-visible:opacity-100';

/**
 * A message's "…" button and its menu. The menu (Radix: focus, keyboard, positioning) is
 * mounted at the first press, already open: a closed one in every row costs as much to mount as
 * the rest of the bubble, and paging back mounts a screenful of rows at once
 * (docs/product.md#chat-room). The press opens it as the menu's own button would: a main-button
 * pointer press, Enter, Space or the down arrow.
 */
export function MessageMenu({
  label,
  children,
  onCloseAutoFocus,
}: {
  label: string;
  children: ReactNode;
  /** Where the focus goes when the menu closes (the menu's button unless prevented). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [mounted, setMounted] = useState(false);
  const icon = <MoreHorizontal aria-hidden className="size-4" />;
  if (!mounted) {
    return (
      <Button
        variant="ghost"
        size="icon"
        className={buttonClass}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerDown={(event: PointerEvent) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As the menu's button does: the menu takes the focus, not the button.
          event.preventDefault();
          setMounted(true);
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (!openKeys.has(event.key)) return;
          event.preventDefault();
          setMounted(true);
        }}
      >
        {icon}
      </Button>
    );
  }
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={buttonClass} aria-label={label}>
          {icon}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent onCloseAutoFocus={onCloseAutoFocus}>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
