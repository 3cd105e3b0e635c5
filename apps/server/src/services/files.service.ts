import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, statfs, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SessionUser } from '@confab/protocol/auth';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { socialApiBase } from '@confab/protocol/envelope';
import { AppError, badRequest, notFound } from '../lib/app-error';
import type { ByteRange } from '../lib/byte-range';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import { ContentTypeDetector, extensionOf, extensionsByType } from '../lib/file-type';
import { newId } from '../lib/ids';
import { makePrivateDir, privateFileMode } from '../lib/private-files';
import type { ChatFileRow, FileRepository } from '../repositories/file.repository';
import type { AttachmentKind, AttachmentLookup } from './attachment-lookup';
import { formatBytes, quotaExceeded, UploadReservations } from './upload-quota';

/** Who takes part in a chat, and the guard of every write into one (the chats service). */
/** A file a user may read: its row, its size on disk, and its bytes, all or some. */
export interface OpenedFile {
  file: ChatFileRow;
  size: number;
  read: (range?: ByteRange) => Readable;
}

export interface ChatMembership {
  isParticipant(userId: string, chatId: string): Promise<boolean>;
  /** 404 unless the user takes part in the chat, 403 unless it is writable. */
  writeAccess(userId: string, chatId: string): Promise<unknown>;
}

interface FilesServiceOptions {
  files: FileRepository;
  chats: ChatMembership;
  /** `DATA_DIR/uploads`. */
  uploadsDir: string;
  maxBytes: number;
  /** Most bytes of files one user may have stored. */
  quotaBytes: number;
  /** Uploads are refused while the uploads folder's disk has less free space than this. */
  minFreeBytes: number;
  /** Upload attempts per user and per client address. */
  attempts: { perUser: AttemptLimiter; perAddress: AttemptLimiter };
  /** A file no message carries is removed this long after its upload (or its refused send). */
  unsentMaxAgeMs: number;
  /** How often this node sweeps them; 0 never (the sweep can still be called). */
  sweepIntervalMs: number;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}

// One answer for "no such file" and "not your chat", so ids reveal nothing.
const noSuchFile = 'No such file';
const nameMax = 255;
// Files removed per statement of a sweep, so one sweep never holds the database for long.
const sweepBatch = 100;
// Longest a send may take between naming its file and storing its message, as the sweep sees it.
const sendGraceMs = 60_000;

/**
 * Files sent in chats. Only a chat's participants upload to it and download from it. An upload
 * is streamed to a temporary file while its size is counted (over the cap: refused at once) and
 * its type is read from its bytes; it becomes visible (a row) only once complete and allowed,
 * and a refused upload leaves nothing on disk.
 *
 * - Abuse limits, checked before the body is read: uploads per user and per client address
 *   (429), free space on the disk (507), and the user's quota (413), which the bytes also count
 *   against while they stream in (with this node's other uploads of the user), and the database
 *   once more after the file is stored (with every node's).
 * - A file lives as long as a message carries it: a send that names it marks it (`findForChat`),
 *   one never named is removed `unsentMaxAgeMs` after its upload, one named by a send whose
 *   message was not stored that long (and at least `sendGraceMs`) after the send, and deleting a message removes the file its sender uploaded
 *   (`release`). Marking and removing are single statements on the file's row, so a send racing
 *   the sweep either finds the file (which then stays) or is refused; several nodes may sweep
 *   at once, each row being deleted, and its bytes removed, by one of them.
 */
export class FilesService implements AttachmentLookup {
  private readonly now: () => number;
  private ready: Promise<unknown> | undefined;
  private readonly reservations = new UploadReservations();
  private readonly timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(private readonly options: FilesServiceOptions) {
    this.now = options.now ?? Date.now;
    if (options.sweepIntervalMs > 0) {
      this.timer = setInterval(() => this.sweepInBackground(), options.sweepIntervalMs);
      this.timer.unref();
    }
  }

  /**
   * Everything an upload must pass before its file is read: the upload rates of the user and
   * of their address, the chat, free disk space and room left in the user's quota.
   */
  async admit(user: SessionUser, chatId: string, clientAddress: string): Promise<void> {
    await takeAttempt(this.options.attempts.perAddress, clientAddress);
    await takeAttempt(this.options.attempts.perUser, user.id);
    await this.checkUploadTarget(user, chatId);
    await this.checkFreeSpace();
    const used = await this.options.files.bytesOf(user.id);
    if (used + this.reservations.of(user.id) >= this.options.quotaBytes) {
      throw quotaExceeded(used, this.options.quotaBytes);
    }
  }

  /**
   * Refuses, before any byte of the file is read, an upload to a chat the user is not in (404)
   * or that is read-only (403: a block either way, or no longer contacts).
   */
  async checkUploadTarget(user: SessionUser, chatId: string): Promise<void> {
    await this.options.chats.writeAccess(user.id, chatId);
  }

  async store(
    user: SessionUser,
    chatId: string,
    upload: { filename: string; content: Readable },
  ): Promise<Attachment> {
    await this.checkUploadTarget(user, chatId);
    const name = cleanName(upload.filename);
    const id = newId();
    const partial = join(this.options.uploadsDir, `${id}.part`);
    const final = join(this.options.uploadsDir, id);
    const detector = new ContentTypeDetector();
    let size = 0;
    const { maxBytes, quotaBytes } = this.options;
    const reservations = this.reservations;
    const storedBefore = await this.options.files.bytesOf(user.id);
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        reservations.add(user.id, chunk.length);
        if (size > maxBytes) {
          callback(tooLarge(maxBytes));
          return;
        }
        const streaming = reservations.of(user.id);
        if (storedBefore + streaming > quotaBytes) {
          callback(quotaExceeded(storedBefore + streaming - size, quotaBytes));
          return;
        }
        detector.push(chunk);
        callback(null, chunk);
      },
    });
    await this.prepare();
    const writer = createWriteStream(partial, { flags: 'wx', mode: privateFileMode });
    try {
      await pipeline(upload.content, measure, writer);
      if (size === 0) throw badRequest('The file is empty');
      const mimeType = detector.finish(extensionOf(name));
      if (!mimeType) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'This kind of file cannot be sent; allowed are images (PNG, JPEG, GIF, WebP, HEIC), PDF, office documents (DOCX, XLSX, PPTX, ODT), audio (MP3, OGG, M4A, WAV), video (MP4, WebM), plain text and ZIP',
        );
      }
      if (!extensionsByType[mimeType].includes(extensionOf(name))) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `The file's content is ${mimeType}; its name must end in .${extensionsByType[mimeType].join(' or .')}`,
        );
      }
      await rename(partial, final);
      const row: ChatFileRow = {
        id,
        chat_id: chatId,
        uploader_id: user.id,
        original_name: name,
        mime_type: mimeType,
        size,
        storage_path: id,
        created_at: this.now(),
        sent_at: null,
        carried: 0,
      };
      try {
        await this.options.files.create(row);
        // Counted again with the row stored: concurrent uploads through other nodes are in the
        // sum now. Of two that pass the quota together, the later count sees both.
        const stored = await this.options.files.bytesOf(user.id);
        if (stored > quotaBytes) {
          await this.options.files.delete(id);
          throw quotaExceeded(stored - size, quotaBytes);
        }
      } catch (error) {
        await removeQuietly(final);
        throw error;
      }
      return toAttachment(row);
    } catch (error) {
      // A refusal can come before the file is even open: the stream opens it and then closes
      // it, and a removal done before that would leave the file behind.
      if (!writer.closed)
        await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await removeQuietly(partial);
      // The multipart parser stops a file one byte past the cap; either way it is too large.
      if (isFileTooLarge(error)) throw tooLarge(maxBytes);
      if (isDiskFull(error)) throw insufficientStorage();
      throw error;
    } finally {
      reservations.release(user.id, size);
    }
  }

  /**
   * A stored file for a participant of its chat; 404 for everyone else. Its bytes are read
   * only when asked for, whole or a range of them, so a refused range opens nothing.
   */
  async open(user: SessionUser, fileId: string): Promise<OpenedFile> {
    const file = await this.options.files.findById(fileId);
    if (!file || !(await this.options.chats.isParticipant(user.id, file.chat_id))) {
      throw notFound(noSuchFile);
    }
    const path = join(this.options.uploadsDir, file.storage_path);
    const onDisk = await stat(path).catch(() => null);
    if (!onDisk?.isFile()) throw notFound('This file is no longer stored');
    return {
      file,
      size: onDisk.size,
      read: (range) => createReadStream(path, range && { start: range.start, end: range.end }),
    };
  }

  /**
   * The file for a message that carries it, only when it was uploaded to this chat; marked as
   * named by a send, so the sweep of unsent files leaves it from now on.
   */
  async findForChat(
    fileId: string,
    chatId: string,
    kind: AttachmentKind,
  ): Promise<Attachment | null> {
    const { files } = this.options;
    const imagesOnly = kind === 'image';
    const file = await files.markSent(fileId, chatId, this.now(), { imagesOnly });
    if (file) return toAttachment(file);
    const found = imagesOnly ? await files.findById(fileId) : undefined;
    if (found?.chat_id === chatId) {
      throw badRequest('This file is not an image; send it as a file', { fileId: 'Not an image' });
    }
    return null;
  }

  /**
   * The message that carried the file was deleted by its sender: the file goes with it, row
   * and bytes, when that sender uploaded it.
   */
  async release(fileId: string, chatId: string, senderId: string): Promise<void> {
    const removed = await this.options.files.deleteUploadedBy(fileId, chatId, senderId);
    if (removed) await removeQuietly(join(this.options.uploadsDir, removed.storage_path));
  }

  /**
   * Removes the files no message carries that are older than `unsentMaxAgeMs` at `at`: never
   * named by a send, or named by one that was not stored. Returns how many went.
   */
  async sweepUnsent(at = this.now()): Promise<number> {
    const before = at - this.options.unsentMaxAgeMs;
    // A send named its file before storing its message: it is given time to finish.
    const namedBefore = at - Math.max(this.options.unsentMaxAgeMs, sendGraceMs);
    const { files } = this.options;
    let removed = 0;
    for (const sweep of [
      () => files.deleteUnsent(before, sweepBatch),
      () => files.deleteNamedButNotCarried(namedBefore, sweepBatch),
    ]) {
      for (;;) {
        const rows = await sweep();
        for (const row of rows)
          await removeQuietly(join(this.options.uploadsDir, row.storage_path));
        removed += rows.length;
        if (rows.length < sweepBatch) break;
      }
    }
    await files.markCarried(namedBefore);
    return removed;
  }

  /** Stops the sweep; resolves once a sweep under way has finished. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  // One sweep at a time on a node; a failure is logged and the next interval tries again.
  private sweepInBackground(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweepUnsent()
      .catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'Sweeping the files no message carries failed'),
      )
      .finally(() => {
        this.sweeping = undefined;
      });
  }

  private async checkFreeSpace(): Promise<void> {
    await this.prepare();
    const disk = await statfs(this.options.uploadsDir);
    if (disk.bavail * disk.bsize < this.options.minFreeBytes) throw insufficientStorage();
  }

  private prepare(): Promise<unknown> {
    this.ready ??= makePrivateDir(this.options.uploadsDir);
    return this.ready;
  }
}

export function toAttachment(file: ChatFileRow): Attachment {
  return {
    id: file.id,
    name: file.original_name,
    size: Number(file.size),
    mimeType: file.mime_type,
    url: `${socialApiBase}${socialChatApiPaths.file(file.id)}`,
  };
}

/** The name without any folder a browser may prefix, control characters or surrounding blanks. */
function cleanName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) throw badRequest('The file needs a name', { file: 'Give the file a name' });
  if (name.length > nameMax) {
    throw badRequest(`A file name has at most ${nameMax} characters`, {
      file: 'The name is too long',
    });
  }
  return name;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${formatBytes(maxBytes)}, the largest that can be sent`,
  );
}

function insufficientStorage(): AppError {
  return new AppError(
    507,
    'INSUFFICIENT_STORAGE',
    'The server is short of disk space and takes no files for now; try again later',
  );
}

function isDiskFull(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOSPC'
  );
}

function isFileTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => {});
}
