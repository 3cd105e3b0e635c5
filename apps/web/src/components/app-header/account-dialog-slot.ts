import { createContext, type ComponentType } from 'react';

export interface AccountDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The account dialog the user menu opens. It belongs to the auth feature, which shared
 * components may not import: the app provides it here (lazily loaded), and a header rendered
 * without it (a preview) offers no account item.
 */
export const AccountDialogSlot = createContext<ComponentType<AccountDialogProps> | null>(null);
