import { Alert } from '@/components/ui/alert';

/** The whole-form message; role="alert" makes screen readers announce it when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message ? <Alert variant="error" title={message} /> : null}
    </div>
  );
}
