import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture } from '../helpers/log-capture';
import { everythingStdio, mcpSettings, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, sessionCookieFrom } from '../helpers/users';

describe('logs keep secrets out', () => {
  const logs = new LogCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      undefined,
      { logLevel: 'trace', mcp: mcpSettings() },
      {
        logStream: logs,
        prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }),
      },
    );
  });
  afterAll(() => t.close());

  it('never writes a password, session token, cookie, provider key or message body', async () => {
    const account = newAccount({ password: 'pw-Sentinel-Register-1' });
    const newPassword = 'pw-Sentinel-Changed-2';
    const providerKey = 'sk-SentinelProviderKey0123456789';
    const messageBody = 'Sentinel private message body';
    const headers = {
      authorization: `Bearer ${providerKey}`,
      'x-api-key': providerKey,
      'user-agent': 'log-test',
    };

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      headers,
      payload: account,
    });
    expect(registered.statusCode).toBe(201);
    const firstToken = sessionCookieFrom(registered).split('=')[1]!;

    // A failed and a good sign-in, the good one while holding the first cookie.
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username: account.username, password: 'pw-Sentinel-Wrong-3' },
    });
    expect(failed.statusCode).toBe(401);
    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      headers: { ...headers, cookie: `confab_session=${firstToken}` },
      payload: { username: account.username, password: account.password },
    });
    expect(loggedIn.statusCode).toBe(200);
    const cookie = sessionCookieFrom(loggedIn);

    // A refused body logs its validation message: it must not quote the value.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { ...headers, cookie },
      payload: { currentPassword: account.password, newPassword: account.password },
    });
    expect(refused.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { ...headers, cookie },
      payload: { currentPassword: account.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const changedToken = sessionCookieFrom(changed).split('=')[1]!;

    // A tool call carrying a provider key in its body and a message as its argument.
    const called = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/call',
      headers: { ...headers, cookie: sessionCookieFrom(changed) },
      payload: { client: 'everything', name: 'echo', args: { message: messageBody } },
    });
    expect(called.statusCode).toBe(200);
    const badCall = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/call',
      headers: { ...headers, cookie: sessionCookieFrom(changed) },
      payload: { client: 'everything', name: 'echo', args: { message: 42, apiKey: providerKey } },
    });
    expect(badCall.statusCode).toBe(400);

    const written = logs.text;
    // The capture works: every request was logged, and the tool call's connection too.
    expect(written).toContain('"url":"/api/_auth/login"');
    expect(written).toContain('"url":"/api/mcp/call"');
    for (const secret of [
      account.password,
      newPassword,
      'pw-Sentinel-Wrong-3',
      firstToken,
      cookie.split('=')[1]!,
      changedToken,
      'confab_session=',
      providerKey,
      messageBody,
    ]) {
      expect(written.includes(secret), `the logs contain ${secret}`).toBe(false);
    }
  });
});
