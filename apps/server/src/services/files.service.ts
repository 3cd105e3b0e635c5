import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SessionUser } from '@confab/protocol/auth';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { socialApiBase } from '@confab/protocol/envelope';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { ContentTypeDetector, extensionOf, extensionsByType } from '../lib/file-type';
import { newId } from '../lib/ids';
import { makePrivateDir, privateFileMode } from '../lib/private-files';
import type { ChatFileRow, FileRepository } from '../repositories/file.repository';
import type { AttachmentLookup } from './attachment-lookup';

/** Who takes part in a chat (the chats service). */
export interface ChatMembership {
  isParticipant(userId: string, chatId: string): Promise<boolean>;
}

interface FilesServiceOptions {
  files: FileRepository;
  chats: ChatMembership;
  /** `DATA_DIR/uploads`. */
  uploadsDir: string;
  maxBytes: number;
  now?: () => number;
}

// One answer for "no such file" and "not your chat", so ids reveal nothing.
const noSuchFile = 'No such file';
const noSuchChat = 'No such chat';
const nameMax = 255;

/**
 * Files sent in chats. Only a chat's participants upload to it and download from it. An upload
 * is streamed to a temporary file while its size is counted (over the cap: refused at once) and
 * its type is read from its bytes; it becomes visible (a row) only once complete and allowed,
 * and a refused upload leaves nothing on disk.
 */
export class FilesService implements AttachmentLookup {
  private readonly now: () => number;
  private ready: Promise<unknown> | undefined;

  constructor(private readonly options: FilesServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Refuses, before any byte of the file is read, an upload to a chat the user is not in. */
  async checkUploadTarget(user: SessionUser, chatId: string): Promise<void> {
    if (!(await this.options.chats.isParticipant(user.id, chatId))) throw notFound(noSuchChat);
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
    const maxBytes = this.options.maxBytes;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          callback(tooLarge(maxBytes));
          return;
        }
        detector.push(chunk);
        callback(null, chunk);
      },
    });
    await this.prepare();
    try {
      await pipeline(
        upload.content,
        measure,
        createWriteStream(partial, { flags: 'wx', mode: privateFileMode }),
      );
      if (size === 0) throw badRequest('The file is empty');
      const mimeType = detector.finish();
      if (!mimeType) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'This kind of file cannot be sent; allowed are PNG, JPEG, GIF and WebP images, PDF, plain text and ZIP',
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
      };
      try {
        await this.options.files.create(row);
      } catch (error) {
        await removeQuietly(final);
        throw error;
      }
      return toAttachment(row);
    } catch (error) {
      await removeQuietly(partial);
      // The multipart parser stops a file one byte past the cap; either way it is too large.
      if (isFileTooLarge(error)) throw tooLarge(maxBytes);
      throw error;
    }
  }

  /** A stored file for a participant of its chat; 404 for everyone else. */
  async open(user: SessionUser, fileId: string): Promise<{ file: ChatFileRow; content: Readable }> {
    const file = await this.options.files.findById(fileId);
    if (!file || !(await this.options.chats.isParticipant(user.id, file.chat_id))) {
      throw notFound(noSuchFile);
    }
    const path = join(this.options.uploadsDir, file.storage_path);
    const onDisk = await stat(path).catch(() => null);
    if (!onDisk?.isFile()) throw notFound('This file is no longer stored');
    return { file, content: createReadStream(path) };
  }

  async findForChat(fileId: string, chatId: string): Promise<Attachment | null> {
    const file = await this.options.files.findInChat(fileId, chatId);
    return file ? toAttachment(file) : null;
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

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
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
