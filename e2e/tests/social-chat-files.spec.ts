import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  chatInput,
  closeAll,
  messageLog,
  messagesWith,
  openRoom,
  sendFiles,
  storedMessages,
  tinyPng,
  twoFriends,
} from '../support/chat-room';
import { inEveryLook } from '../support/looks';
import { startPreviewSite } from '../support/preview-site';

const shots = '/tmp/shots-files';

/** A stored (uncompressed) ZIP archive, as office suites write them. */
function zip(entries: [name: string, content: string][]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(Buffer.concat(directory).length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

const docx = zip([
  ['[Content_Types].xml', '<Types/>'],
  ['word/document.xml', '<document/>'],
]);
const mp3 = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), Buffer.alloc(256, 1)]);
const isoMedia = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}\0\0\0\0isom`),
    Buffer.alloc(256),
  ]);

type Dropped = { name: string; type: string; base64: string };
const dropped = (name: string, type: string, bytes: Buffer): Dropped => ({
  name,
  type,
  base64: bytes.toString('base64'),
});

/** Drags files over the room (`over` only: the target shows) and drops them. */
async function dropOnRoom(page: Page, files: Dropped[], stage: 'over' | 'drop') {
  await page.getByTestId('room-drop-zone').evaluate(
    (zone, { files, stage }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const fire = (type: string) =>
        zone.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      fire('dragenter');
      fire('dragover');
      if (stage === 'drop') fire('drop');
    },
    { files, stage },
  );
}

/** Pastes an image into the composer, as a screenshot tool's copy would. */
async function pasteImage(page: Page, name: string, bytes: Buffer) {
  await chatInput(page).evaluate(
    (input, { name, base64 }) => {
      const transfer = new DataTransfer();
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([data], name, { type: 'image/png' }));
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { name, base64: bytes.toString('base64') },
  );
}

test('files dropped and pasted into the room, with a caption, reach the other side as what they are', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  await openRoom(alice.page, chatId, bob.username);
  await openRoom(bob.page, chatId, alice.username);

  // Two files dropped at once: a target shows while they are dragged, then they wait in a tray.
  const files = [dropped('minutes.docx', '', docx), dropped('voice note.mp3', 'audio/mpeg', mp3)];
  await dropOnRoom(alice.page, files, 'over');
  await expect(alice.page.getByTestId('drop-target')).toHaveText('拖放文件到此处发送');
  await dropOnRoom(alice.page, files, 'drop');
  await expect(alice.page.getByTestId('drop-target')).toBeHidden();
  const tray = alice.page.getByRole('list', { name: '待发送的文件' });
  await expect(tray.getByRole('listitem')).toHaveCount(2);
  await chatInput(alice.page).fill('Minutes and the voice note from Monday');
  await chatInput(alice.page).press('Enter');
  await expect(tray).toBeHidden();

  // Bob: the document as a download, the audio in a player with the caption under it.
  const document = messageLog(bob.page).getByRole('link', { name: '下载 minutes.docx' });
  await expect(document).toBeVisible();
  const voice = messagesWith(bob.page, 'Minutes and the voice note from Monday');
  await expect(voice.locator('audio[controls]')).toHaveCount(1);
  const served = await bob.context.request.get((await document.getAttribute('href'))!);
  expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(served.headers()['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );

  // An image pasted into the composer goes the same way, shown in place.
  await pasteImage(alice.page, 'pasted.png', tinyPng);
  await expect(tray.getByText('pasted.png')).toBeVisible();
  await chatInput(alice.page).press('Enter');
  const image = bob.page.getByRole('img', { name: 'pasted.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // An upload held on the way shows its progress and can be cancelled: nothing is sent.
  let held = false;
  await alice.page.route('**/api/chat-social-msg/files/upload', () => {
    held = true;
  });
  await sendFiles(alice.page, {
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: isoMedia('isom'),
  });
  const uploading = alice.page.getByTestId('pending-upload');
  await expect(uploading).toContainText('clip.mp4');
  await expect(uploading.getByRole('progressbar')).toBeVisible();
  await expect.poll(() => held).toBe(true);
  await uploading.getByRole('button', { name: '取消发送 clip.mp4' }).click();
  await expect(uploading).toBeHidden();
  await alice.page.unroute('**/api/chat-social-msg/files/upload');
  const stored = await storedMessages(bob, chatId);
  expect(stored.map((m) => m.content)).toEqual([
    'minutes.docx',
    'Minutes and the voice note from Monday',
    'pasted.png',
  ]);
  await closeAll(alice, bob);
});

test('a link in a message gets a preview card with the server’s copy of its image', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const site = await startPreviewSite();
  try {
    const { alice, bob, chatId } = await twoFriends(browser);
    await openRoom(alice.page, chatId, bob.username);
    await openRoom(bob.page, chatId, alice.username);
    await chatInput(alice.page).fill(`Have you read ${site.origin}/article? Worth it.`);
    await chatInput(alice.page).press('Enter');
    const card = bob.page.getByTestId('link-preview');
    await expect(card).toContainText('Spring <b>release</b> notes: what changed');
    await expect(card).toContainText('Example News');
    await expect(card).toHaveAttribute('href', `${site.origin}/article`);
    await expect(card.locator('b')).toHaveCount(0);
    const cover = card.locator('img');
    await expect(cover).toHaveAttribute(
      'src',
      /^\/api\/chat-social-msg\/link-preview\/[0-9a-f]{64}\/image$/,
    );
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await closeAll(alice, bob);
  } finally {
    site.close();
  }
});

test('screens: the drop target, the tray, files of each kind and a link preview, in every look', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const site = await startPreviewSite();
  try {
    const { alice, bob, chatId } = await twoFriends(browser);
    await openRoom(alice.page, chatId, bob.username);
    await sendFiles(
      alice.page,
      [
        { name: 'photo.png', mimeType: 'image/png', buffer: tinyPng },
        { name: 'minutes of the planning meeting.docx', mimeType: '', buffer: docx },
        { name: 'voice note.mp3', mimeType: 'audio/mpeg', buffer: mp3 },
        { name: 'clip.mp4', mimeType: 'video/mp4', buffer: isoMedia('isom') },
        { name: 'IMG_0042.HEIC', mimeType: '', buffer: isoMedia('heic') },
      ],
      'Everything from the trip',
    );
    await expect.poll(async () => (await storedMessages(bob, chatId)).length).toBe(5);
    await chatInput(alice.page).fill(`Notes: ${site.origin}/article`);
    await chatInput(alice.page).press('Enter');
    await expect.poll(async () => (await storedMessages(bob, chatId)).length).toBe(6);
    await openRoom(bob.page, chatId, alice.username);

    await inEveryLook(bob.page, async ({ language, colorScheme, view }) => {
      const name = `${view.name}-${colorScheme}-${language}`;
      await expect(bob.page.getByTestId('link-preview')).toBeVisible();
      await bob.page.screenshot({ path: `${shots}/room-${name}.png` });
    });
    await inEveryLook(alice.page, async ({ language, colorScheme, view }) => {
      const name = `${view.name}-${colorScheme}-${language}`;
      const files = [
        dropped('budget 2026.xlsx', '', zip([['xl/workbook.xml', '<w/>']])),
        dropped('cover.png', 'image/png', tinyPng),
        dropped('page.html', 'text/html', Buffer.from('<p>x</p>')),
      ];
      await dropOnRoom(alice.page, files, 'over');
      await expect(alice.page.getByTestId('drop-target')).toBeVisible();
      await alice.page.screenshot({ path: `${shots}/drop-${name}.png` });
      await dropOnRoom(alice.page, files, 'drop');
      await expect(alice.page.getByTestId('pending-files')).toBeVisible();
      await alice.page.screenshot({ path: `${shots}/tray-${name}.png` });
    });
    // An upload on its way (held, then cancelled), on a phone and a desktop.
    await alice.page.route('**/api/chat-social-msg/files/upload', () => {});
    for (const width of [375, 1280]) {
      await alice.page.setViewportSize({ width, height: 740 });
      await alice.page.reload();
      await alice.page.getByTestId('attach-input').setInputFiles({
        name: 'long recording.mp4',
        mimeType: 'video/mp4',
        buffer: isoMedia('isom'),
      });
      await alice.page.getByRole('textbox').last().press('Enter');
      const uploading = alice.page.getByTestId('pending-upload');
      await expect(uploading).toBeVisible();
      await alice.page.screenshot({ path: `${shots}/progress-${width}.png` });
      await uploading.getByRole('button').click();
      await expect(uploading).toBeHidden();
    }
    await closeAll(alice, bob);
  } finally {
    site.close();
  }
});
