import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profilePaths } from '@confab/protocol/profile';
import { chatToggles, socialChatRoutes } from '@confab/protocol/social-chat';
import { hashSessionToken, newSessionToken } from '../../src/lib/session-token';
import { aiSends, fuzzedValue, nastyStrings, validFor } from './fuzz-arbitraries';
import { solidPng } from './images';
import { multipartBody } from './fuzz-multipart';
import { mcpSettings } from './mcp';
import { routeCollector, type ApiRoute } from './route-table';
import type { DatabaseTarget } from './database-targets';
import { aiChat, aiHistoryAs, aiMessage, putChat, putMessage } from './ai-history';
import { contactsAs } from './contacts';
import { befriend, chatContent, friends, person, socialAs } from './social-chat';
import { startTestApp } from './test-app';
import { signUpAdmin } from './users';
import { loadConfig } from '../../src/config';

/** Cases per route; CI runs the default, a deeper local run sets FUZZ_RUNS. */
export const fuzzRuns = Number(process.env.FUZZ_RUNS) || 200;

const tableNames = new WeakMap<FastifyInstance, string[]>();

/** Every row of every table, to show that a refused request stored nothing. */
export async function databaseSnapshot(app: FastifyInstance): Promise<Record<string, string[]>> {
  const db = app.database.db;
  // The table list is read once per app: asking PostgreSQL's catalogue each time is slow.
  let tables = tableNames.get(app);
  if (!tables) {
    tables = (await db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'));
    tableNames.set(app, tables);
  }
  if (app.config.databaseUrl) {
    // PostgreSQL: one round trip, each table folded into a digest of its sorted rows.
    const columns = tables.map(
      (name) =>
        sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(name)} t) as ${sql.ref(name)}`,
    );
    const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
    return Object.fromEntries(
      Object.entries(rows[0] ?? {}).map(([name, digest]) => [name, [digest]]),
    );
  }
  const snapshot: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    snapshot[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/**
 * A session for a user written straight to the store: a case may end its own session (sign out,
 * sign out everywhere, a password change), so each case gets a fresh one without the cost of
 * a sign-in.
 */
export async function freshSession(app: FastifyInstance, userId: string) {
  const token = newSessionToken();
  const id = hashSessionToken(token);
  const now = Date.now();
  await app.services.repositories.sessions.create({
    id,
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + 3_600_000,
    user_agent: null,
  });
  return {
    cookie: `confab_session=${token}`,
    end: () => app.services.repositories.sessions.delete(id),
  };
}

/** Routes whose cases may end the session they are sent with (each case gets its own). */
const sessionEnding = new Set([
  'POST /api/_auth/login',
  'DELETE /api/_auth/session',
  'DELETE /api/_auth/sessions',
  'POST /api/_auth/password',
]);

// Bodies up to 1.5 MiB: past the 1 MiB limit, so the 413 path is fuzzed too.
const hostile = { hugeLength: 1_500_000 };

const otherContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

/**
 * Real values for path parameters, so cases reach stored rows: the fuzzing user's own (first)
 * and another pair's, which the user must not reach.
 */
export type PathValues = Record<string, string[]>;

// The upload cap of the fuzzed app: small, so over-cap bodies stay cheap.
const fuzzUploadMaxBytes = 4096;

/** A route's URL with each `:name` filled by a real value or a fuzzed one. */
function pathFor(route: ApiRoute, values: PathValues): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(route.url);
  const params = (route.schema as { params?: z.ZodObject } | undefined)?.params;
  const parts = names.map((name) => {
    const known = values[name] ?? [];
    const field = params?.shape[name] as z.ZodType | undefined;
    return fc.oneof(
      ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
      ...(field ? [{ weight: 1, arbitrary: validFor(field).map(String) }] : []),
      { weight: 1, arbitrary: fc.constantFrom(...nastyStrings) },
      { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
    );
  });
  return fc.tuple(...parts).map((filled) => {
    let index = 0;
    return route.url.replace(/:(\w+)/g, () => encodeLoosely(filled[index++]!) || '%20');
  });
}

/** One request to a route: its body or query shaped by the route's schema, or by nothing. */
function requestFor(
  route: ApiRoute,
  values: PathValues,
): fc.Arbitrary<Omit<InjectOptions, 'headers'> & { headers: Record<string, string> }> {
  const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
  const query = fc.oneof(
    fuzzedValue(schema.querystring, { hugeLength: 4000 }).map((value) => queryString(value)),
    fc.constantFrom(...nastyStrings).map((s) => `q=${encodeLoosely(s)}`),
    fc.string({ maxLength: 40 }),
  );
  const jsonBody = fuzzedValue(schema.body, hostile).map((value) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  }));
  const rawBody = fc.oneof(
    fc.string({ maxLength: 200 }).map((payload) => ({ payload, contentType: 'application/json' })),
    fc
      .tuple(fc.constantFrom(...otherContentTypes), fc.string({ maxLength: 200 }))
      .map(([contentType, payload]) => ({ payload, contentType })),
    // Duplicate and polluting keys only JSON text can carry.
    fc
      .constantFrom(
        '{"__proto__":{"role":"admin"}}',
        '{"constructor":{"prototype":{"role":"admin"}}}',
        '{"a":1,"a":2}',
        '[]',
        'null',
        '"\\ud800"',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      )
      .map((payload) => ({ payload, contentType: 'application/json' })),
  );
  // The avatar route takes raw image bytes: real pictures, pictures with something appended or
  // inside (polyglots), and random bytes, under image types.
  const avatar = route.key === `PUT ${profilePaths.avatar}`;
  const png = solidPng();
  const avatarBody = fc
    .tuple(
      fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'),
      fc.oneof(
        fc.constant(png),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.concat([png, bytes])),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        fc
          .constantFrom('<script>alert(1)</script>', 'PK\x03\x04', '<?php echo 1; ?>')
          .map((text) => Buffer.concat([png.subarray(0, 33), Buffer.from(text), png.subarray(33)])),
      ),
    )
    .map(([contentType, payload]) => ({ payload, contentType }));
  // The upload route takes multipart bodies: mostly those, malformed or not.
  const upload = route.key === `POST ${socialChatRoutes.upload}`;
  const chatIds = values.chatId ?? [];
  // The two send routes also take AI messages (docs/product.md#ai-in-chat), valid and broken.
  const aiBody =
    route.key === `POST ${socialChatRoutes.messages}`
      ? aiSends('type', { clientId: fc.uuid() }, hostile)
      : route.key === `POST ${socialChatRoutes.appSendMessage}`
        ? aiSends(
            'contentType',
            { chatId: fc.constantFrom(...chatIds), clientId: fc.uuid() },
            hostile,
          )
        : null;
  const json = aiBody
    ? fc.oneof(
        { weight: 1, arbitrary: jsonBody },
        {
          weight: 1,
          arbitrary: aiBody.map((value) => ({
            payload: JSON.stringify(value) ?? 'null',
            contentType: 'application/json',
          })),
        },
      )
    : jsonBody;
  const body =
    route.method === 'GET'
      ? fc.constant(undefined)
      : upload
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: multipartBody({
                chatId: chatIds[0]!,
                foreignChatId: chatIds[1]!,
                maxBytes: fuzzUploadMaxBytes,
              }),
            },
            { weight: 2, arbitrary: rawBody },
          )
        : avatar
          ? fc.oneof({ weight: 6, arbitrary: avatarBody }, { weight: 2, arbitrary: rawBody })
          : fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: rawBody });
  return fc
    .record({
      path: pathFor(route, values),
      query: fc.option(query, { freq: 3 }),
      body,
      signedIn: fc.boolean(),
    })
    .map(({ path, query, body, signedIn }) => ({
      method: route.method as 'GET',
      url: query ? `${path}?${query}` : path,
      headers: {
        ...(body && { 'content-type': body.contentType }),
        ...(signedIn && { 'x-fuzz-signed-in': '1' }),
      },
      ...(body && { payload: body.payload }),
    }));
}

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 at all. */
function encodeLoosely(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    return char.length === 1 && code >= 0xd800 && code <= 0xdfff
      ? '%ED%A0%80'
      : encodeURIComponent(char);
  }).join('');
}

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return `v=${encodeLoosely(String(JSON.stringify(value)))}`;
  return Object.entries(value)
    .map(
      ([key, v]) =>
        `${encodeLoosely(key)}=${encodeLoosely(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
    )
    .join('&');
}

/**
 * Fuzzes every API route of an app (collected as it is built): never a 5xx, always the JSON
 * error envelope on a refusal, and nothing stored changes when a request is refused. The user
 * is an administrator, so admin-only routes are reached too; a case is signed out half the time.
 */
export async function fuzzRoutesSuite(target: DatabaseTarget): Promise<void> {
  // One app for the file, built before the tests are collected so its routes name them.
  const collected = routeCollector();
  const t = await startTestApp(
    target,
    // Fuzzed MCP URLs point at closed local ports; give up on them quickly.
    {
      mcp: mcpSettings({ connectTimeoutMs: 1000 }),
      uploadMaxBytes: fuzzUploadMaxBytes,
      // Fuzzed page addresses name hosts that do not answer (or do not exist): give up quickly.
      linkPreview: { ...loadConfig({}).linkPreview, timeoutMs: 300 },
    },
    { onRoute: collected.onRoute },
  );
  const admin = await signUpAdmin(t.app, { username: 'fuzz_admin' });
  const values = await pathValues(t.app, admin);
  const uploads = join(t.config.dataDir, 'uploads');
  const storedFiles = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);

  describe(`fuzzing every API route on ${target.engine}`, () => {
    afterAll(() => t.close());

    it.each(collected.routes.map((route) => [route.key, route] as const))(
      '%s',
      async (_key, route) => {
        // One session for the whole run of a route, unless its cases may end sessions: a
        // session written per case, and a snapshot before each, cost a third of the run.
        const perCase = sessionEnding.has(route.key);
        const shared = perCase ? undefined : await freshSession(t.app, admin.user.id);
        // What is stored now: read again after a case that succeeded (it may store).
        let stored = perCase ? undefined : await databaseSnapshot(t.app);
        let filesStored = storedFiles();
        await fc.assert(
          fc.asyncProperty(requestFor(route, values), async (request) => {
            const session = shared ?? (await freshSession(t.app, admin.user.id));
            try {
              const { 'x-fuzz-signed-in': signedIn, ...headers } = request.headers;
              const before = stored ?? (await databaseSnapshot(t.app));
              const filesBefore = filesStored;
              const response = await t.app.inject({
                ...request,
                headers: { ...headers, ...(signedIn && { cookie: session.cookie }) },
              });
              expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
              if (response.statusCode >= 400) {
                const body = response.json<{ statusCode: number; code: string; message: string }>();
                expect(body.statusCode).toBe(response.statusCode);
                expect(typeof body.message).toBe('string');
                expect(await databaseSnapshot(t.app)).toEqual(before);
                expect(storedFiles()).toEqual(filesBefore);
              } else {
                if (stored) stored = await databaseSnapshot(t.app);
                filesStored = storedFiles();
              }
            } finally {
              if (!shared) await session.end();
            }
          }),
          { numRuns: fuzzRuns },
        );
        await shared?.end();
        // The server still answers after the whole run.
        expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      },
      120_000,
    );

    it('covers at least the routes that exist today', () => {
      expect(collected.routes.length).toBeGreaterThanOrEqual(20);
    });
  });
}

/**
 * The fuzzing user's chat with a friend (a message and a file in it), and another pair's chat
 * with the same, so path parameters can name rows the user may and may not reach.
 */
async function pathValues(
  app: FastifyInstance,
  admin: Awaited<ReturnType<typeof signUpAdmin>>,
): Promise<PathValues> {
  const me = {
    ...admin,
    contacts: contactsAs(app, admin.cookie),
    api: socialAs(app, admin.cookie),
  };
  const friend = await person(app);
  const own = await befriend(me, friend);
  const others = await friends(app);
  const mine = await chatContent(app, admin.cookie, own.chatId);
  const theirs = await chatContent(app, others.alice.cookie, others.chatId);
  // AI messages of the user's own, so that search has an index to read (and quotes, percent
  // signs and the like in its queries meet real rows).
  const chat = aiChat();
  await aiHistoryAs(app, admin.cookie).push([
    putChat(chat),
    ...['Quoted "text" 100% of_the time', '今天天气很好 ÄÖÜ', 'a\\b*c?d(e)f^g:h'].map((prompt) =>
      putMessage(aiMessage(chat.id, { prompt })),
    ),
  ]);
  return {
    chatId: [mine.chatId, theirs.chatId],
    messageId: [mine.messageId, theirs.messageId],
    fileId: [mine.fileId, theirs.fileId],
    userId: [friend.user.id, others.alice.user.id, admin.user.id],
    toggle: [...chatToggles],
  };
}
