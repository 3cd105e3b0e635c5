import { create } from 'zustand';
import { uiSettings } from './ui-settings';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

interface ToastStore {
  toasts: ToastItem[];
  add: (toast: Omit<ToastItem, 'id'>) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  add: (toast) => {
    const id = nextId++;
    // At most five at once (docs/product.md#ui-timings): a new toast pushes out the oldest.
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-uiSettings.toast.max) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shows a notification in the bottom-right corner; it closes by itself after 5 s. */
export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}): number {
  return useToastStore.getState().add({ variant: 'info', ...input });
}
