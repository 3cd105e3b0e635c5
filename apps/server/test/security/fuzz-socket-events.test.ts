import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { clientEventSchemas, type SocketAckReply } from '@confab/protocol/socket-events';
import { aiSends, fuzzedValue } from '../helpers/fuzz-arbitraries';
import { databaseSnapshot, fuzzRuns } from '../helpers/fuzz-routes';
import { connect, listen } from '../helpers/sockets';
import { startTestApp } from '../helpers/test-app';
import { befriend, person } from '../helpers/social-chat';
import { eventTable } from './authorization-matrix.table';

// One app and one signed-in socket for the file, as one browser tab.
// The fuzzer sends as fast as it can; the packet limit (on by default) would close its socket.
const t = await startTestApp(undefined, { socketPacketsPerWindow: 1_000_000 });
const url = await listen(t.app);
const user = await person(t.app);
// A friend, so that well-formed payloads can name real people.
const friend = await person(t.app);
const socket = await connect(url, { cookie: user.cookie });
afterAll(async () => {
  socket.close();
  await t.close();
});

// Any event name, any payload: the typed event map would allow only well-formed ones.
const untyped = socket as unknown as {
  emit: (event: string, ...args: unknown[]) => void;
  timeout: (ms: number) => {
    emitWithAck: (event: string, ...args: unknown[]) => Promise<SocketAckReply<unknown>>;
  };
};

/** A round trip through a handled event: the socket and its handlers are still alive. */
async function stillAnswers(): Promise<void> {
  const reply = await untyped.timeout(5000).emitWithAck('friendRequestMessage', null);
  expect(reply).toMatchObject({ ok: false, error: { statusCode: 400 } });
}

// A chat of the user's own, so that a well-formed AI message is stored and a broken one refused.
const chatId = (await befriend(user, friend)).chatId;

// Under socket.io's 1 MB message limit: a larger message closes the connection by design.
const payloads = (event: keyof typeof clientEventSchemas) =>
  fc.oneof(
    { weight: 9, arbitrary: fuzzedValue(clientEventSchemas[event], { hugeLength: 200_000 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
    // AI messages (docs/product.md#ai-in-chat), valid and broken, into the user's chat.
    ...(event === 'sendMessage'
      ? [
          {
            weight: 5,
            arbitrary: aiSends(
              'contentType',
              { chatId: fc.constant(chatId), clientId: fc.uuid() },
              { hugeLength: 200_000 },
            ),
          },
        ]
      : []),
  );

describe('fuzzing every socket event', () => {
  it.each(Object.keys(clientEventSchemas) as (keyof typeof clientEventSchemas)[])(
    '%s',
    async (event) => {
      const handled = eventTable[event].expect.stranger !== 'unanswered';
      await fc.assert(
        fc.asyncProperty(payloads(event), fc.boolean(), async (payload, extra) => {
          const before = await databaseSnapshot(t.app);
          // Now and then a second, unexpected argument before the acknowledgement.
          const args = extra ? [payload, { extra: true }] : [payload];
          if (handled) {
            const reply = await untyped.timeout(10_000).emitWithAck(event, ...args);
            if (!reply.ok) {
              expect(reply.error.statusCode).toBeLessThan(500);
              expect(typeof reply.error.message).toBe('string');
              expect(await databaseSnapshot(t.app)).toEqual(before);
            }
          } else {
            untyped.emit(event, ...args);
            await stillAnswers();
            expect(await databaseSnapshot(t.app)).toEqual(before);
          }
          expect(socket.connected).toBe(true);
        }),
        { numRuns: fuzzRuns },
      );
      await stillAnswers();
    },
    120_000,
  );

  it('still accepts new connections afterwards', async () => {
    const another = await connect(url, { cookie: user.cookie });
    expect(another.connected).toBe(true);
    another.close();
  });
});
