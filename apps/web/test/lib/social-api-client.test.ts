import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isApiError, type ApiError } from '@/lib/api-error';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { fakeServer, json } from '../helpers/fake-server';

const data = z.object({ value: z.number() });
const path = '/chat-social-msg/thing';
const route = `POST /api${path}`;
const post = (signal?: AbortSignal) =>
  socialRequest(path, { method: 'POST', body: { a: 1 }, data, signal });

describe('the social API client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the {statusCode, data, message} envelope from /api + path', async () => {
    const server = fakeServer({
      routes: { [route]: () => json({ statusCode: 200, data: { value: 7 }, message: 'done' }) },
    });
    expect(await post()).toEqual({ statusCode: 200, data: { value: 7 }, message: 'done' });
    expect(server.calls(route)).toMatchObject([
      { method: 'POST', path: `/api${path}`, body: { a: 1 } },
    ]);
  });

  it('refuses a reply whose data breaks the contract, without retrying', async () => {
    const server = fakeServer({
      routes: { [route]: () => json({ statusCode: 200, data: { value: 'x' } }) },
    });
    const error = (await post().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Unexpected reply from the server');
    expect(server.calls(route)).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 429])('never retries a %i', async (status) => {
    const server = fakeServer({
      routes: {
        [route]: () =>
          json(
            { statusCode: status, code: 'CONFLICT', message: '发送好友请求失败：already' },
            status,
          ),
      },
    });
    const error = await post().catch((e: unknown) => e);
    expect(isApiError(error) && error.statusCode).toBe(status);
    expect((error as ApiError).message).toBe('发送好友请求失败：already');
    expect(server.calls(route)).toHaveLength(1);
  });

  it('retries a server error 3 times, waiting 1000 ms times the attempt', async () => {
    const server = fakeServer({
      routes: {
        [route]: () => json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'busy' }, 503),
      },
    });
    const outcome = post().catch((e: unknown) => e);
    const calls = () => server.calls(route).length;
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls()).toBe(4);
    const error = await outcome;
    expect(isApiError(error) && error.statusCode).toBe(503);
  });

  it('retries a network failure and succeeds when the server answers again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return json({ statusCode: 200, data: { value: 1 } });
    });
    const outcome = post();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(outcome).resolves.toMatchObject({ data: { value: 1 } });
    expect(calls).toBe(3);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const controller = new AbortController();
    const outcome = post(controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error('left the page'));
    expect(await outcome).toEqual(new Error('left the page'));
  });
});
