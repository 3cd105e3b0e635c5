import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount } from '../helpers/users';

// The one proxy in front of the app (start:cluster's nginx) connects from here.
const proxyAddress = '127.0.0.1';
// The client's real address, as the proxy saw it and wrote last in X-Forwarded-For.
const clientAddress = '203.0.113.7';

/**
 * A request that went through one proxy: whatever X-Forwarded-For the client wrote itself comes
 * first, the address the proxy saw last (what an appending proxy sends on).
 */
function throughProxy(forged: string) {
  return {
    remoteAddress: proxyAddress,
    headers: { 'x-forwarded-for': `${forged}, ${clientAddress}` },
  };
}

describe('TRUST_PROXY', () => {
  it('takes a hop count, the proxies’ addresses, or true as one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('refuses a value that is neither, saying what to write', () => {
    for (const value of ['yes', '10.0.0.0/33', 'proxy.example.com', '1.5', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be a number of proxies .* or their addresses/,
      );
    }
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts sign-ins against the address the proxy saw, whatever X-Forwarded-For the client sends', async () => {
    t = await startTestApp(undefined, {
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      rateLimits: { loginPerIpPerMinute: 3 },
    });
    const login = (forged: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        ...throughProxy(forged),
        payload: { username: 'nobody', password: 'wrong password' },
      });
    expect((await login('1.2.3.4, 5.6.7.8')).statusCode).toBe(401);
    expect((await login('1.2.3.5, 5.6.7.8')).statusCode).toBe(401);
    expect((await login('1.2.3.6, 5.6.7.8')).statusCode).toBe(401);
    const limited = await login('1.2.3.7, 5.6.7.8');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts registrations against the address the proxy saw', async () => {
    t = await startTestApp(undefined, {
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      rateLimits: { registerPerIpPerHour: 2 },
    });
    const register = (forged: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/register',
        ...throughProxy(forged),
        payload: newAccount(),
      });
    expect((await register('1.2.3.4, 5.6.7.8')).statusCode).toBe(201);
    expect((await register('1.2.3.5, 5.6.7.8')).statusCode).toBe(201);
    expect((await register('1.2.3.6, 5.6.7.8')).statusCode).toBe(429);
  });

  it('still tells clients at different addresses apart', async () => {
    t = await startTestApp(undefined, {
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      rateLimits: { registerPerIpPerHour: 1 },
    });
    const register = (client: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/register',
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': client },
        payload: newAccount(),
      });
    expect((await register('198.51.100.1')).statusCode).toBe(201);
    expect((await register('198.51.100.2')).statusCode).toBe(201);
    expect((await register('198.51.100.1')).statusCode).toBe(429);
  });
});

describe('trusting the proxy by address (TRUST_PROXY=127.0.0.1)', () => {
  it('takes the client address from the proxy, and ignores the header from anyone else', async () => {
    const t = await startTestApp(undefined, {
      trustProxy: loadConfig({ TRUST_PROXY: proxyAddress }).trustProxy,
      rateLimits: { registerPerIpPerHour: 1 },
    });
    try {
      const register = (remoteAddress: string, forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/_auth/register',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: newAccount(),
        });
      expect((await register(proxyAddress, `1.2.3.4, ${clientAddress}`)).statusCode).toBe(201);
      expect((await register(proxyAddress, `1.2.3.5, ${clientAddress}`)).statusCode).toBe(429);
      // A client reaching the app directly cannot borrow another's address either.
      expect((await register('198.51.100.9', '198.51.100.10')).statusCode).toBe(201);
      expect((await register('198.51.100.9', '198.51.100.11')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
