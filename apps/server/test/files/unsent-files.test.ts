import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { eventually } from '../helpers/mcp';
import { multipart } from '../helpers/social';
import { dataOf, friends, type Person } from '../helpers/social-chat';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';

/**
 * A file lives as long as the message that carries it: one never sent is removed after
 * `UPLOAD_UNSENT_MAX_AGE_MS`, and deleting a message removes its file, row and bytes.
 */
describe.each(databaseTargets)('files without a message on $engine', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(overrides: ConfigOverrides = {}) {
    t = await startTestApp(target, overrides);
    return t;
  }

  async function upload(person: Person, chatId: string, text = 'some words'): Promise<Attachment> {
    const body = await multipart([
      ['chatId', chatId],
      ['file', { bytes: text, filename: 'words.txt' }],
    ]);
    const response = await t!.app.inject({
      method: 'POST',
      url: `/api${socialChatApiPaths.upload}`,
      headers: { ...body.headers, cookie: person.cookie },
      payload: body.payload,
    });
    return dataOf<{ file: Attachment }>(response).file;
  }

  const sendFile = (person: Person, chatId: string, file: Attachment) =>
    person.api.send(chatId, { content: file.name, type: 'file', fileId: file.id });

  const download = (person: Person, file: Attachment) =>
    t!.app.inject({ method: 'GET', url: file.url, headers: { cookie: person.cookie } });

  /** The file's bytes are in the uploads folder. */
  const onDisk = (file: Attachment) =>
    existsSync(join(t!.config.dataDir, 'uploads', file.id)) &&
    readdirSync(join(t!.config.dataDir, 'uploads')).includes(file.id);

  it('removes a file never sent once it is older than the age; sent files stay', async () => {
    await start({ uploadUnsentMaxAgeMs: 60_000 });
    const { alice, bob, chatId } = await friends(t!.app);
    const sent = await upload(alice, chatId, 'sent');
    expect((await sendFile(alice, chatId, sent)).statusCode).toBe(200);
    const unsent = await upload(alice, chatId, 'never sent');

    // Not yet old enough: a sweep leaves both.
    await t!.app.services.files.sweepUnsent();
    expect((await download(bob, unsent)).statusCode).toBe(200);

    // As it would run once the age has passed.
    await t!.app.services.files.sweepUnsent(Date.now() + 60_001);
    const gone = await download(bob, unsent);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such file' });
    expect(onDisk(unsent)).toBe(false);
    // Sending it now is refused: there is no such file any more.
    const late = await sendFile(alice, chatId, unsent);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(/Upload the file to this chat first/);

    const kept = await download(bob, sent);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe('sent');
    expect(onDisk(sent)).toBe(true);
  });

  it('sweeps by itself every UPLOAD_SWEEP_INTERVAL_MS', async () => {
    await start({ uploadUnsentMaxAgeMs: 0, uploadSweepIntervalMs: 20 });
    const { alice, chatId } = await friends(t!.app);
    const unsent = await upload(alice, chatId);
    // The row goes first, then the bytes: wait for both.
    await eventually(
      async () => (await download(alice, unsent)).statusCode === 404 && !onDisk(unsent),
    );
    const rows = await t!.app.database.db.selectFrom('chat_files').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('never removes the file of a send that races the sweep: the send is refused or the file stays', async () => {
    // Every file is old at once: each send races a sweep started with it.
    await start({ uploadUnsentMaxAgeMs: 0, uploadSweepIntervalMs: 0 });
    const { alice, bob, chatId } = await friends(t!.app);
    const files = t!.app.services.files;
    let carried = 0;
    for (let round = 0; round < 40; round++) {
      const file = await upload(alice, chatId, `round ${round}`);
      const [sent] = await Promise.all([
        sendFile(alice, chatId, file),
        // Started later each round (by round² turns of the event loop, so the last rounds leave
        // the send time to finish even on a busy machine), so the send is caught at every step.
        (async () => {
          for (let step = 0; step < round * round; step++) await new Promise(setImmediate);
          await files.sweepUnsent(Date.now() + 1);
        })(),
      ]);
      // A sweep after the send must leave the file of a stored message.
      await files.sweepUnsent(Date.now() + 1);
      if (sent.statusCode !== 200) {
        expect(sent.statusCode, sent.body).toBe(400);
        expect(sent.json<{ message: string }>().message).toMatch(/Upload the file to this chat/);
        expect(onDisk(file)).toBe(false);
        continue;
      }
      carried += 1;
      const served = await download(bob, file);
      expect(served.statusCode, `round ${round}`).toBe(200);
      expect(served.body).toBe(`round ${round}`);
    }
    // Refused sends stored nothing; the race went the send's way at least once.
    const messages = await t!.app.database.db.selectFrom('messages').select('id').execute();
    expect(messages).toHaveLength(carried);
    expect(carried).toBeGreaterThan(0);
  });

  it('removes a file whose send was refused once the age has passed', async () => {
    await start({ uploadUnsentMaxAgeMs: 60_000 });
    const { alice, chatId } = await friends(t!.app);
    const text = await upload(alice, chatId, 'not a picture');
    const refused = await alice.api.send(chatId, { content: 'x', type: 'image', fileId: text.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/not an image/);

    await t!.app.services.files.sweepUnsent(Date.now() + 60_001);
    expect((await download(alice, text)).statusCode).toBe(404);
    expect(onDisk(text)).toBe(false);
  });

  it('deleting a message removes its file: 404 and the bytes gone from disk', async () => {
    await start();
    const { alice, bob, chatId } = await friends(t!.app);
    const file = await upload(alice, chatId, 'soon deleted');
    const message = dataOf<{ newMessage: { _id: string } }>(await sendFile(alice, chatId, file));
    expect((await download(bob, file)).statusCode).toBe(200);

    const deleted = await alice.api.call(
      'DELETE',
      socialChatApiPaths.message(chatId, message.newMessage._id),
    );
    expect(deleted.statusCode).toBe(200);
    for (const person of [alice, bob]) {
      const gone = await download(person, file);
      expect(gone.statusCode).toBe(404);
      expect(gone.rawPayload.includes(Buffer.from('soon deleted'))).toBe(false);
    }
    expect(onDisk(file)).toBe(false);
    const rows = await t!.app.database.db.selectFrom('chat_files').select('id').execute();
    expect(rows).toEqual([]);
  });

  it("deleting one's own message that cites another's file leaves their file alone", async () => {
    await start();
    const { alice, bob, chatId } = await friends(t!.app);
    const file = await upload(alice, chatId, "alice's");
    expect((await sendFile(alice, chatId, file)).statusCode).toBe(200);
    const citing = dataOf<{ newMessage: { _id: string } }>(await sendFile(bob, chatId, file));
    const deleted = await bob.api.call(
      'DELETE',
      socialChatApiPaths.message(chatId, citing.newMessage._id),
    );
    expect(deleted.statusCode).toBe(200);
    const served = await download(alice, file);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe("alice's");
  });
});
