import { AppError } from '../lib/app-error';

/**
 * The bytes of uploads still streaming on this node, per user. An upload counts its bytes here
 * as they arrive, so concurrent uploads of one user see each other before any is stored; the
 * stored files come from the database. Several nodes see only their own streams, which is why
 * the service counts the database once more after storing a file.
 */
export class UploadReservations {
  private readonly bytesByUser = new Map<string, number>();

  /** Bytes of the user's uploads in flight on this node. */
  of(userId: string): number {
    return this.bytesByUser.get(userId) ?? 0;
  }

  add(userId: string, bytes: number): void {
    this.bytesByUser.set(userId, this.of(userId) + bytes);
  }

  release(userId: string, bytes: number): void {
    const left = this.of(userId) - bytes;
    if (left > 0) this.bytesByUser.set(userId, left);
    else this.bytesByUser.delete(userId);
  }
}

export function quotaExceeded(usedBytes: number, quotaBytes: number): AppError {
  return new AppError(
    413,
    'QUOTA_EXCEEDED',
    `Your files take ${formatBytes(usedBytes)} of your ${formatBytes(quotaBytes)}; delete messages with files to make room for this one`,
  );
}

export function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= 1024 * mib && bytes % (1024 * mib) === 0) return `${bytes / (1024 * mib)} GiB`;
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MiB`;
  if (bytes >= mib) return `${(bytes / mib).toFixed(1)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
