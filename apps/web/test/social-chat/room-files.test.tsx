// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { Attachment, SocialMessage } from '@confab/protocol/social-chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appOutbox } from '@/features/social-chat/lib/app-outbox';
import { chatWith, me, messageIn } from './fixtures';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';
import { stubRoomLayout } from '../helpers/room-layout';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const base = '/api/chat-social-msg';

/** Stands in for the browser's XMLHttpRequest: the test decides how far each upload gets. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  withCredentials = false;
  url = '';
  body: FormData | null = null;
  aborted = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  get file() {
    return this.body?.get('file') as File;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const storedFiles = new Map<string, Attachment>();
function stored(n: number, name: string, mimeType: string): Attachment {
  const attachment = { id: `file-${n}`, name, size: 3, mimeType, url: `${base}/files/file-${n}` };
  storedFiles.set(attachment.id, attachment);
  return attachment;
}

async function openRoom() {
  const history = [messageIn(chatId, 1, { isRead: true })];
  fakeServer({
    session: alice,
    routes: {
      [`GET ${base}/chats`]: () => envelope({ chats: [chatWith('bob')] }),
      [`GET ${base}/${chatId}/messages`]: () => envelope({ messages: history, hasMore: false }),
      [`GET ${base}/presence/bob-id`]: () =>
        envelope({ userId: 'bob-id', isOnline: true, lastSeen: null, version: 1 }),
      [`POST ${base}/${chatId}/messages/read`]: () =>
        envelope({ chatId, unread: 0, lastReadSeq: 1 }),
    },
  });
  const app = await renderApp(`/socialChatRoom?chat=${chatId}`);
  await screen.findByText('message 1', { selector: '[data-testid="message-content"]' });
  return app;
}

const file = (name: string, type: string, bytes = 'abc') => new File([bytes], name, { type });
const dataTransfer = (files: File[]) => ({ files, types: ['Files'] });
const composer = () => screen.getByRole('textbox', { name: '消息' });
const sends = () =>
  fakeSocket.emitted
    .filter(([event]) => event === 'sendMessage')
    .map(([, payload]) => payload as { content: string; fileId?: string; contentType: string });

describe('files in the chat room', () => {
  let seq = 10;
  beforeEach(async () => {
    await inChinese();
    stubRoomLayout();
    connectRoomSocket();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeSocket.answer('sendMessage', (payload) => {
      const sent = payload as {
        content: string;
        clientId: string;
        contentType: string;
        fileId?: string;
      };
      seq += 1;
      const message: SocialMessage = messageIn(chatId, seq, {
        sender: me.id,
        senderUsername: me.username,
        content: sent.content,
        contentType: sent.contentType as SocialMessage['contentType'],
        clientId: sent.clientId,
        attachment: (sent.fileId && storedFiles.get(sent.fileId)) || null,
      });
      return { ok: true, data: { message } };
    });
  });
  afterEach(async () => {
    for (const entry of appOutbox().entries()) await appOutbox().discard(entry.clientId);
    fakeSocket.answer('sendMessage', undefined);
    disconnectRoomSocket();
    await backToEnglish();
  });

  it('takes files dropped on the room, shows them, and sends each with the caption on the last', async () => {
    const { user } = await openRoom();
    const room = screen.getByTestId('room-drop-zone');
    const dropped = [file('notes.txt', 'text/plain'), file('report.docx', '')];
    fireEvent.dragEnter(room, { dataTransfer: dataTransfer(dropped) });
    expect(screen.getByTestId('drop-target')).toHaveTextContent('拖放文件到此处发送');
    fireEvent.drop(room, { dataTransfer: dataTransfer(dropped) });
    expect(screen.queryByTestId('drop-target')).toBeNull();

    const tray = screen.getByRole('list', { name: '待发送的文件' });
    expect(
      within(tray)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('notes.txt'), expect.stringContaining('report.docx')]);
    // One of them is taken back out and put in again.
    await user.click(screen.getByRole('button', { name: '移除 notes.txt' }));
    expect(within(tray).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.drop(room, { dataTransfer: dataTransfer([dropped[0]!]) });

    await user.type(composer(), 'Both for Monday{Enter}');
    expect(screen.queryByRole('list', { name: '待发送的文件' })).toBeNull();
    expect(composer()).toHaveValue('');

    // The files go one at a time, in order, each as a message of its own.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.file.name).toBe('report.docx');
    expect(FakeXhr.sent[0]!.body!.get('chatId')).toBe(chatId);
    FakeXhr.sent[0]!.answer(200, {
      statusCode: 200,
      data: { file: stored(1, 'report.docx', 'application/zip') },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.file.name).toBe('notes.txt');
    FakeXhr.sent[1]!.answer(200, {
      statusCode: 200,
      data: { file: stored(2, 'notes.txt', 'text/plain') },
    });
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()).toEqual([
      expect.objectContaining({ content: 'report.docx', fileId: 'file-1', contentType: 'file' }),
      expect.objectContaining({
        content: 'Both for Monday',
        fileId: 'file-2',
        contentType: 'file',
      }),
    ]);
    // Sent: each a download link; the caption under the last, not under the other.
    const log = screen.getByRole('log', { name: '聊天消息' });
    const report = within(log)
      .getByRole('link', { name: /report\.docx/ })
      .closest('article')!;
    const notes = within(log)
      .getByRole('link', { name: /notes\.txt/ })
      .closest('article')!;
    expect(within(notes).getByTestId('message-content')).toHaveTextContent('Both for Monday');
    expect(within(report).queryByTestId('message-content')).toBeNull();
  });

  it('takes an image pasted into the composer', async () => {
    await openRoom();
    fireEvent.paste(composer(), { clipboardData: { files: [file('image.png', 'image/png')] } });
    const tray = screen.getByRole('list', { name: '待发送的文件' });
    expect(within(tray).getByText('image.png')).toBeInTheDocument();
    expect(screen.getByText('输入的文字作为文件的说明一同发送。')).toBeInTheDocument();
    // Blank text is fine now: the image is what is sent.
    expect(screen.getByRole('button', { name: /^发送$/ })).toBeEnabled();
  });

  it('refuses, before any upload, files of a type not allowed and files too large', async () => {
    await openRoom();
    const room = screen.getByTestId('room-drop-zone');
    const big = file('huge.mp4', 'video/mp4');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.drop(room, {
      dataTransfer: dataTransfer([
        file('page.html', 'text/html'),
        file('drawing.svg', 'image/svg+xml'),
        big,
        file('voice.m4a', 'audio/x-m4a'),
      ]),
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('无法发送 page.html：不允许 text/html 类型的文件。');
    expect(alert).toHaveTextContent('无法发送 drawing.svg：不允许 image/svg+xml 类型的文件。');
    expect(alert).toHaveTextContent('huge.mp4 太大：文件最大为 10 MB。');
    const tray = screen.getByRole('list', { name: '待发送的文件' });
    expect(within(tray).getAllByRole('listitem')).toHaveLength(1);
    expect(within(tray).getByText('voice.m4a')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows how far an upload has got, and cancelling it stops it and sends nothing', async () => {
    const { user } = await openRoom();
    fireEvent.drop(screen.getByTestId('room-drop-zone'), {
      dataTransfer: dataTransfer([file('talk.mp4', 'video/mp4', 'x'.repeat(2048))]),
    });
    await user.type(composer(), 'the talk{Enter}');
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const uploading = await screen.findByTestId('pending-upload');
    expect(uploading).toHaveTextContent('talk.mp4');
    expect(uploading).toHaveTextContent('2.0 KB');
    expect(uploading).toHaveTextContent('the talk');
    const bar = within(uploading).getByRole('progressbar', { name: '正在上传 talk.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    FakeXhr.sent[0]!.progress(1024, 2048);
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    await user.click(within(uploading).getByRole('button', { name: '取消发送 talk.mp4' }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('pending-upload')).toBeNull());
    expect(appOutbox().entries()).toHaveLength(0);
    expect(sends()).toHaveLength(0);
  });
});
