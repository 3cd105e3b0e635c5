import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '@confab/protocol/contacts';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { contactFrom } from '../helpers/contacts';
import { databaseTargets } from '../helpers/database-targets';
import { befriend, person, type Person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Consent transitions: every block → unblock sequence, and every removal, from every state a
 * pair can be in, by each party, through the contacts panel and through the chat's own toggle. A block must stop
 * everything both ways and hide itself from the blocked party; an unblock must give back
 * exactly what the pair had before (a pending request stays pending and only its receiver may
 * accept it), never more.
 *
 * Every state starts from an earlier friendship, so the pair's chat exists and its rules can
 * be seen: it is writable only while the pair are friends.
 */
type Start =
  | 'accepted'
  | 'pending, participant sent it'
  | 'pending, counterpart sent it'
  | 'rejected by participant'
  | 'rejected by counterpart'
  | 'removed by participant'
  | 'removed by counterpart';
type Party = 'participant' | 'counterpart';
type Via = 'contacts panel' | 'chat toggle';

/** What each party sees of the pair's request: its status and direction, or nothing. */
type Seen = { status: Contact['status']; direction: Contact['direction'] } | null;

interface Expected {
  /** The participant's view, then the counterpart's. */
  participant: Seen;
  counterpart: Seen;
  /** Whether the pair's chat is writable (for both: the rule is symmetric). */
  writable: boolean;
}

const before: Record<Start, Expected> = {
  accepted: {
    participant: { status: 'accepted', direction: 'outgoing' },
    counterpart: { status: 'accepted', direction: 'incoming' },
    writable: true,
  },
  'pending, participant sent it': {
    participant: { status: 'pending', direction: 'outgoing' },
    counterpart: { status: 'pending', direction: 'incoming' },
    writable: false,
  },
  'pending, counterpart sent it': {
    participant: { status: 'pending', direction: 'incoming' },
    counterpart: { status: 'pending', direction: 'outgoing' },
    writable: false,
  },
  'rejected by participant': {
    participant: { status: 'rejected', direction: 'incoming' },
    counterpart: { status: 'rejected', direction: 'outgoing' },
    writable: false,
  },
  'rejected by counterpart': {
    participant: { status: 'rejected', direction: 'outgoing' },
    counterpart: { status: 'rejected', direction: 'incoming' },
    writable: false,
  },
  'removed by participant': { participant: null, counterpart: null, writable: false },
  'removed by counterpart': { participant: null, counterpart: null, writable: false },
};

const starts = Object.keys(before) as Start[];
const parties: Party[] = ['participant', 'counterpart'];
const vias: Via[] = ['contacts panel', 'chat toggle'];

const cases = starts.flatMap((start) =>
  parties.flatMap((blocker) =>
    vias
      // With no request left (removed), the chat's own toggle is the way to block.
      .filter((via) => before[start].participant !== null || via === 'chat toggle')
      .map((via) => ({ start, blocker, via })),
  ),
);

describe.each(databaseTargets)('consent transitions on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  /** A pair in the given state, with the chat of their earlier friendship. */
  async function pairIn(start: Start) {
    const participant = await person(t.app);
    const counterpart = await person(t.app);
    const { chatId, contactId } = await befriend(participant, counterpart);
    const users = { participant, counterpart };
    if (start !== 'accepted') {
      // Not friends any more: the request is gone, the chat stays.
      const remover = start === 'removed by counterpart' ? counterpart : participant;
      contactFrom(await remover.contacts.action('remove', contactId));
    }
    if (start.startsWith('pending') || start.startsWith('rejected')) {
      const sender =
        start === 'pending, participant sent it' || start === 'rejected by counterpart'
          ? participant
          : counterpart;
      const receiver = sender === participant ? counterpart : participant;
      const request = await sender.contacts.send(receiver.user.username);
      if (start.startsWith('rejected')) {
        contactFrom(await receiver.contacts.action('reject', request.id));
      }
    }
    return { ...users, chatId };
  }

  /** The pair's request as one party sees it in their list (null: not there). */
  async function seenBy(viewer: Person, other: Person): Promise<Seen> {
    const entry = (await viewer.contacts.list()).find((c) => c.otherUserId === other.user.id);
    return entry ? { status: entry.status, direction: entry.direction } : null;
  }

  async function requestIdFor(viewer: Person, other: Person): Promise<string> {
    const entry = (await viewer.contacts.list()).find((c) => c.otherUserId === other.user.id);
    if (!entry) throw new Error('no request in the list');
    return entry.id;
  }

  const toggle = (who: Person, chatId: string, value: boolean) =>
    who.api.call('POST', socialChatApiPaths.chatToggle(chatId, 'block'), { value });

  /** What each party can do in the chat and to each other now. */
  async function observe(pair: Awaited<ReturnType<typeof pairIn>>) {
    const { participant, counterpart, chatId } = pair;
    const sends = await Promise.all(
      [participant, counterpart].map(async (who) => {
        const response = await who.api.send(chatId, { content: 'still there?' });
        return response.statusCode;
      }),
    );
    const chats = await Promise.all([participant, counterpart].map((who) => who.api.chat(chatId)));
    const presence = await Promise.all(
      [
        [participant, counterpart],
        [counterpart, participant],
      ].map(async ([viewer, subject]) => {
        const response = await viewer!.api.call(
          'GET',
          socialChatApiPaths.presence(subject!.user.id),
        );
        return response.statusCode;
      }),
    );
    // The history stays readable whatever happened.
    for (const who of [participant, counterpart]) {
      expect((await who.api.page(chatId)).statusCode).toBe(200);
    }
    return {
      participant: await seenBy(participant, counterpart),
      counterpart: await seenBy(counterpart, participant),
      sends,
      readOnly: chats.map((chat) => chat?.readOnly),
      presence,
    };
  }

  const observed = (expected: Expected) => ({
    participant: expected.participant,
    counterpart: expected.counterpart,
    sends: expected.writable ? [200, 200] : [403, 403],
    readOnly: [!expected.writable, !expected.writable],
    presence: expected.writable ? [200, 200] : [404, 404],
  });

  it.each(cases)(
    'from "$start", blocked by the $blocker through the $via, then unblocked',
    async ({ start, blocker: blockerName, via }) => {
      const pair = await pairIn(start);
      const blocker = pair[blockerName];
      const blocked = blockerName === 'participant' ? pair.counterpart : pair.participant;
      expect(await observe(pair)).toEqual(observed(before[start]));

      if (via === 'contacts panel') {
        const id = await requestIdFor(blocker, blocked);
        contactFrom(await blocker.contacts.action('block', id));
      } else {
        expect((await toggle(blocker, pair.chatId, true)).statusCode).toBe(200);
      }

      // Blocked: nothing either way; the blocked party sees no request and no block.
      const whileBlocked = await observe(pair);
      expect(whileBlocked).toMatchObject({
        sends: [403, 403],
        readOnly: [true, true],
        presence: [404, 404],
      });
      expect(whileBlocked[blockerName]).toMatchObject({ status: 'blocked' });
      expect(whileBlocked[blockerName === 'participant' ? 'counterpart' : 'participant']).toBe(
        null,
      );
      expect((await blocked.api.chat(pair.chatId))?.isBlocked).toBe(false);
      expect((await blocker.api.chat(pair.chatId))?.isBlocked).toBe(true);
      // The blocked party cannot lift it by any route, nor ask again.
      expect((await toggle(blocked, pair.chatId, false)).statusCode).toBe(200);
      expect((await blocked.contacts.add(blocker.user.username)).statusCode).toBe(404);
      expect((await observe(pair)).sends).toEqual([403, 403]);

      if (via === 'contacts panel') {
        const id = await requestIdFor(blocker, blocked);
        contactFrom(await blocker.contacts.action('unblock', id));
      } else {
        expect((await toggle(blocker, pair.chatId, false)).statusCode).toBe(200);
      }

      // Unblocked: exactly what the pair had before.
      expect(await observe(pair)).toEqual(observed(before[start]));
    },
  );

  const removable = starts.filter((start) => before[start].participant !== null);
  it.each(removable.flatMap((start) => parties.map((remover) => ({ start, remover }))))(
    'from "$start", removed by the $remover: no request, a read-only chat, no presence',
    async ({ start, remover }) => {
      const pair = await pairIn(start);
      const other = remover === 'participant' ? pair.counterpart : pair.participant;
      const id = await requestIdFor(pair[remover], other);
      expect((await pair[remover].contacts.action('remove', id)).statusCode).toBe(200);
      expect(await observe(pair)).toEqual(observed(before['removed by participant']));
    },
  );

  it.each(parties)(
    'a blocked request cannot be removed: the blocker must unblock first, the blocked party cannot see it (blocked by the %s)',
    async (blockerName) => {
      const pair = await pairIn('accepted');
      const blocker = pair[blockerName];
      const blocked = blockerName === 'participant' ? pair.counterpart : pair.participant;
      const id = await requestIdFor(blocker, blocked);
      contactFrom(await blocker.contacts.action('block', id));
      expect((await blocker.contacts.action('remove', id)).statusCode).toBe(409);
      expect((await blocked.contacts.action('remove', id)).statusCode).toBe(404);
      expect((await observe(pair))[blockerName]).toMatchObject({ status: 'blocked' });
    },
  );

  it('keeps a pending request for its receiver alone to accept after its sender blocked and unblocked it', async () => {
    const pair = await pairIn('pending, participant sent it');
    const id = await requestIdFor(pair.participant, pair.counterpart);
    contactFrom(await pair.participant.contacts.action('block', id));
    contactFrom(await pair.participant.contacts.action('unblock', id));
    expect((await pair.participant.contacts.action('accept', id)).statusCode).toBe(403);
    contactFrom(await pair.counterpart.contacts.action('accept', id));
    expect((await pair.participant.api.send(pair.chatId, { content: 'hi' })).statusCode).toBe(200);
  });
});
