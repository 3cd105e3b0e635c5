import type { SessionUser } from '@confab/protocol/auth';
import { limits } from '@confab/protocol/limits';
import { userAvatarUrl, type Profile } from '@confab/protocol/profile';
import { AppError, notFound } from '../lib/app-error';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import { avatarTypeOf } from '../lib/avatar-image';
import type { UserRepository, UserRow } from '../repositories/user.repository';
import type { RealtimeHub } from '../realtime/realtime-hub';

/** Who may see whose display name and avatar (the friend-request repository). */
export interface ProfileAudience {
  profileAudienceOf(userId: string): Promise<string[]>;
}

interface ProfileServiceOptions {
  users: UserRepository;
  audience: ProfileAudience;
  realtime: RealtimeHub;
  /** Changes per user: each one is told to the whole audience, whose tabs fetch the picture. */
  changes: AttemptLimiter;
  now?: () => number;
}

const noSuchAvatar = 'No avatar to show';

export function profileOf(
  row: Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar_version'>,
): Profile {
  return {
    userId: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_version === null ? null : userAvatarUrl(row.id, row.avatar_version),
  };
}

/**
 * Display names and avatars (docs/product.md#identity). A user changes only their own; the
 * name arrives cleaned by the shared schema. An avatar is checked by its content (lib/avatar-
 * image) and served only to its owner and the people the owner's audience rule admits: anyone
 * else is told there is none (404), so a stranger learns nothing. Every change is told live
 * (`profileUpdated`) to that audience and to the owner's other tabs.
 */
export class ProfileService {
  private readonly now: () => number;

  constructor(private readonly options: ProfileServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(user: SessionUser): Promise<Profile> {
    return profileOf(await this.row(user.id));
  }

  async setDisplayName(user: SessionUser, displayName: string | null): Promise<Profile> {
    await this.takeChange(user);
    await this.options.users.setDisplayName(user.id, displayName, this.now());
    return this.changed(user.id);
  }

  /** `body` is the raw request body: anything but a plain picture under the cap is refused. */
  async setAvatar(user: SessionUser, body: unknown): Promise<Profile> {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw notAnImage();
    }
    if (body.length > limits.avatarMaxBytes) {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `An avatar has at most ${limits.avatarMaxBytes / 1024} KiB`,
      ).because('AVATAR_TOO_LARGE');
    }
    const mimeType = avatarTypeOf(body);
    if (!mimeType) throw notAnImage();
    await this.takeChange(user);
    await this.options.users.setAvatar(user.id, { mimeType, bytes: body, now: this.now() });
    return this.changed(user.id);
  }

  async removeAvatar(user: SessionUser): Promise<Profile> {
    await this.takeChange(user);
    await this.options.users.removeAvatar(user.id, this.now());
    return this.changed(user.id);
  }

  /** The picture, for its owner and their audience only. */
  async avatar(viewer: SessionUser, userId: string) {
    if (viewer.id !== userId) {
      const audience = await this.options.audience.profileAudienceOf(userId);
      if (!audience.includes(viewer.id)) throw notFound(noSuchAvatar);
    }
    const avatar = await this.options.users.findAvatar(userId);
    if (!avatar) throw notFound(noSuchAvatar);
    return { mimeType: avatar.mime_type, bytes: Buffer.from(avatar.bytes) };
  }

  private takeChange(user: SessionUser): Promise<void> {
    return takeAttempt(
      this.options.changes,
      user.id,
      (seconds) => `Too many profile changes; try again in ${seconds} s`,
    );
  }

  private async changed(userId: string): Promise<Profile> {
    const profile = profileOf(await this.row(userId));
    const audience = await this.options.audience.profileAudienceOf(userId);
    this.options.realtime.toUsers([userId, ...audience], 'profileUpdated', profile);
    return profile;
  }

  private async row(userId: string): Promise<UserRow> {
    const row = await this.options.users.findById(userId);
    if (!row) throw notFound('No such user');
    return row;
  }
}

function notAnImage() {
  return new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'An avatar must be a PNG, JPEG or WebP picture',
  ).because('AVATAR_NOT_IMAGE');
}
