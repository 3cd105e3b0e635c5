import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isApiError, type ApiError } from '../api-error';
import { socialRequest } from './social-api-client';
import { stubServer } from '../../../test/render';

const data = z.object({ value: z.number() });

describe('the social API client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the data of the {statusCode, data, message} envelope under /api', async () => {
    const server = stubServer(() => ({
      status: 200,
      body: { statusCode: 200, data: { value: 7 }, message: 'done' },
    }));
    vi.stubGlobal('fetch', server.fetch);
    const reply = await socialRequest('/chat-social-msg/thing', {
      method: 'POST',
      body: { a: 1 },
      data,
    });
    expect(reply).toEqual({ statusCode: 200, data: { value: 7 }, message: 'done' });
    expect(server.requests).toEqual([
      { method: 'POST', path: '/api/chat-social-msg/thing', body: { a: 1 } },
    ]);
  });

  it('refuses a reply whose data breaks the contract, without retrying', async () => {
    const server = stubServer(() => ({
      status: 200,
      body: { statusCode: 200, data: { value: 'x' } },
    }));
    vi.stubGlobal('fetch', server.fetch);
    const error = (await socialRequest('/x', { data }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Unexpected reply from the server');
    expect(server.requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 429])('never retries a %i', async (status) => {
    const server = stubServer(() => ({
      status,
      body: { statusCode: status, code: 'CONFLICT', message: '发送好友请求失败：already' },
    }));
    vi.stubGlobal('fetch', server.fetch);
    const error = await socialRequest('/x', { data }).catch((e: unknown) => e);
    expect(isApiError(error) && error.statusCode).toBe(status);
    expect((error as ApiError).message).toBe('发送好友请求失败：already');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a server error 3 times, waiting 1000 ms times the attempt', async () => {
    const server = stubServer(() => ({
      status: 503,
      body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'busy' },
    }));
    vi.stubGlobal('fetch', server.fetch);
    const outcome = socialRequest('/x', { data }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests).toHaveLength(4);
    const error = await outcome;
    expect(isApiError(error) && error.statusCode).toBe(503);
  });

  it('retries a network failure and succeeds when the server answers again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ statusCode: 200, data: { value: 1 } }), { status: 200 });
    });
    const outcome = socialRequest('/x', { data });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(outcome).resolves.toMatchObject({ data: { value: 1 } });
    expect(calls).toBe(3);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const controller = new AbortController();
    const outcome = socialRequest('/x', { data, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error('left the page'));
    expect(await outcome).toEqual(new Error('left the page'));
  });
});
