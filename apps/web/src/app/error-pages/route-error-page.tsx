import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    return typeof data.message === 'string' ? data.message : undefined;
  }
  return undefined;
}

/**
 * The router's error element. A route's own validation can `throw data({message}, {status})`
 * for a 404 or any other status; everything else (a crash, a chunk that failed twice) is a 500.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    return <ErrorPage statusCode={error.status} message={messageOf(error.data)} />;
  }
  return <ErrorPage statusCode={500} />;
}
