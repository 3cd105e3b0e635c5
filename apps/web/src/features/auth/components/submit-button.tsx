import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Keeps its name while busy (aria-busy), so it stays the same button for assistive tech. */
export function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
      {label}
    </Button>
  );
}
