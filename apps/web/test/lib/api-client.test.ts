import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

function respond(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('apiFetch', () => {
  it('sends JSON with the same-origin cookie and reads a checked reply', async () => {
    const fetchMock = respond(Response.json({ ok: true }));
    const reply = await apiFetch('/api/thing', {
      method: 'POST',
      body: { a: 1 },
      parse: (json) => json as { ok: boolean },
    });
    expect(reply).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/thing');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it("carries the server's status, code, message and fields", async () => {
    respond(
      Response.json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Username taken',
          fields: { username: 'Username taken' },
        },
        { status: 409 },
      ),
    );
    const error = await failure(apiFetch('/api/_auth/register', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Username taken',
      fields: { username: 'Username taken' },
    });
  });

  it('turns a non-JSON error body into "HTTP {status}: {text}"', async () => {
    respond(new Response('Bad gateway from the proxy', { status: 502 }));
    const error = await failure(apiFetch('/api/thing'));
    expect(error.message).toBe('HTTP 502: Bad gateway from the proxy');
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe('BAD_GATEWAY');
  });

  it('gives up after 5 s with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    respond(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const signal = (vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit).signal;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = failure(apiFetch('/api/slow'));
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await pending;
    expect(error.code).toBe('TIMEOUT');
    expect(error.statusCode).toBe(0);
  });

  it('reports a reply that breaks the contract', async () => {
    respond(Response.json({ unexpected: true }));
    const error = await failure(
      apiFetch('/api/thing', {
        parse: () => {
          throw new Error('wrong shape');
        },
      }),
    );
    expect(error.message).toBe('Unexpected reply from the server');
  });
});
