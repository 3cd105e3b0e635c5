import type { SessionUser } from '@confab/protocol/auth';
import {
  pushExcerptMaxChars,
  pushLimits,
  type PushPayload,
  type PushSubscriptionBody,
} from '@confab/protocol/push';
import type { ServerToClientEvents } from '@confab/protocol/socket-events';
import type { Agent } from 'undici';
import { fetch as undiciFetch } from 'undici';
import webpush from 'web-push';
import { badRequest, notFound } from '../lib/app-error';
import { newId } from '../lib/ids';
import {
  guardedPushAgent,
  pushEndpointRefusal,
  type PushEndpointRules,
} from '../lib/push-endpoint-guard';
import type { WarnLog } from '../lib/log';
import { SecretBoxError, type SecretBox } from '../lib/secret-box';
import type { PushRepository, PushSubscriptionRow } from '../repositories/push.repository';

export interface PushConfig extends PushEndpointRules {
  /** The VAPID `sub`: a mailto: or https: address push services may contact. */
  subject: string;
  /** How long a push service keeps a push for a device that is offline. */
  ttlSeconds: number;
  /** A push service that has not answered by then is given up on (for this push). */
  timeoutMs: number;
}

export interface PushServiceOptions {
  repository: PushRepository;
  secrets: SecretBox;
  /** Which users have a tab open (a connected socket, on any node), asked when an event is sent. */
  connectedAmong(userIds: readonly string[]): Promise<Set<string>>;
  /** Whether the user muted the chat. */
  mutedChat(chatId: string, userId: string): Promise<boolean>;
  config: PushConfig;
  log: WarnLog;
  now?: () => number;
}

/** The sealed private key's context: bound to its row, so a copy elsewhere does not open. */
const keyContext = 'push_keys:vapid';

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= pushExcerptMaxChars
    ? line
    : `${chars.slice(0, pushExcerptMaxChars - 1).join('')}…`;
}

/**
 * Web Push (docs/product.md#web-push). The VAPID key pair is made on the first start and kept
 * in the database (every node signs with it; the private key sealed). Each device of a user
 * subscribes once (at most `pushLimits.subscriptionsPerUser`; the oldest goes first). A new
 * message or friend request is pushed to the receiver's devices only while the receiver has
 * no tab connected (an open tab shows its own notification), never for a muted chat; a
 * subscription the push service answers 404 or 410 for is removed.
 */
export class PushService {
  private keys: { publicKey: string; privateKey: string } | null = null;
  private readonly now: () => number;
  private readonly agent: Agent;

  constructor(private readonly options: PushServiceOptions) {
    this.now = options.now ?? Date.now;
    this.agent = guardedPushAgent(options.config);
  }

  /** Reads the key pair, making and storing one first when the site has none. */
  async start(): Promise<void> {
    const { repository, secrets } = this.options;
    if (!(await repository.keys())) {
      const made = webpush.generateVAPIDKeys();
      await repository.keepFirstKeys(
        made.publicKey,
        secrets.seal(made.privateKey, keyContext),
        this.now(),
      );
    }
    const stored = await repository.keys();
    if (!stored) throw new Error('The VAPID keys could not be stored');
    this.keys = {
      publicKey: stored.public_key,
      privateKey: this.openPrivateKey(stored.private_key),
    };
  }

  /** A wrong key stops the start with what to do, as for MCP header values. */
  private openPrivateKey(sealed: string): string {
    try {
      return this.options.secrets.open(sealed, keyContext);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new Error(
        `The Web Push key in the database cannot be decrypted: ${error.message}. It was encrypted with another key: start with the key used before (CONFAB_SECRET_KEY, the same on every node, or the DATA_DIR/secret.key file of the first start). Nothing was changed.`,
        { cause: error },
      );
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  publicKey(): string {
    if (!this.keys) throw new Error('The push service has not started');
    return this.keys.publicKey;
  }

  async subscribe(user: SessionUser, body: PushSubscriptionBody): Promise<void> {
    const refusal = await pushEndpointRefusal(body.endpoint, this.options.config);
    if (refusal) throw badRequest(refusal, { endpoint: refusal });
    const { repository } = this.options;
    await repository.save({
      id: newId(),
      user_id: user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      created_at: this.now(),
    });
    // Past the limit the oldest devices go: a user rarely has ten, an attacker gains nothing.
    const held = await repository.subscriptionsOf(user.id);
    for (const old of held.slice(0, Math.max(0, held.length - pushLimits.subscriptionsPerUser))) {
      await repository.removeById(old.id);
    }
  }

  async unsubscribe(user: SessionUser, endpoint: string): Promise<void> {
    if ((await this.options.repository.remove(user.id, endpoint)) === 0) {
      throw notFound('No such push subscription');
    }
  }

  /**
   * Forgets every device of the user ("sign out everywhere"): a lost or shared device gets
   * none of their messages any more; each device subscribes again when signed in there.
   */
  async forgetDevices(user: SessionUser): Promise<void> {
    await this.options.repository.removeAllOf(user.id);
  }

  /** The RealtimeHub's observer: what a user is told while no tab listens goes by push. */
  readonly observe = <E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void => {
    // Without keys nothing can be pushed: not even presence is asked.
    if (!this.keys) return;
    const payload = this.payloadFor(event, args[0]);
    if (!payload) return;
    // Asked now, with the event: a tab that closes a moment later still saw it.
    const connected = this.options.connectedAmong([userId]);
    this.pushUnlessConnected(userId, payload, connected).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'A Web Push could not be sent');
    });
  };

  private payloadFor(event: string, arg: unknown): PushPayload | null {
    if (event === 'new_message') {
      const { message } = arg as Parameters<ServerToClientEvents['new_message']>[0];
      return {
        kind: 'message',
        chatId: message.chatId,
        sender: message.senderUsername,
        contentType: message.contentType,
        excerpt: excerpt(
          message.contentType === 'file' ? (message.attachment?.name ?? '') : message.content,
        ),
      };
    }
    if (event === 'newFriendMessage') {
      const { contact } = arg as Parameters<ServerToClientEvents['newFriendMessage']>[0];
      if (contact.status !== 'pending' || contact.direction !== 'incoming') return null;
      return { kind: 'request', contactId: contact.id, sender: contact.otherUsername };
    }
    return null;
  }

  /**
   * Sends `payload` to every device of `userId`, unless a tab of theirs was connected when the
   * event was sent (`connected`, asked then).
   */
  async pushUnlessConnected(
    userId: string,
    payload: PushPayload,
    connected: Promise<Set<string>>,
  ): Promise<void> {
    if (!this.keys) return;
    // Most messages go to someone online: their devices are not even looked up.
    if ((await connected).has(userId)) return;
    const subscriptions = await this.options.repository.subscriptionsOf(userId);
    if (subscriptions.length === 0) return;
    if (payload.kind === 'message' && (await this.options.mutedChat(payload.chatId, userId))) {
      return;
    }
    await Promise.all(subscriptions.map((subscription) => this.send(subscription, payload)));
  }

  private async send(subscription: PushSubscriptionRow, payload: PushPayload): Promise<void> {
    const keys = this.keys;
    if (!keys) return;
    const body = JSON.stringify(payload);
    if (Buffer.byteLength(body) > pushLimits.payloadMaxBytes) return;
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      body,
      {
        vapidDetails: {
          subject: this.options.config.subject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: this.options.config.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    // The endpoint was checked when subscribing; the agent checks the address it connects to.
    const refusal = await pushEndpointRefusal(subscription.endpoint, this.options.config);
    if (refusal) {
      await this.options.repository.removeById(subscription.id);
      return;
    }
    const response = await undiciFetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body,
      dispatcher: this.agent,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.config.timeoutMs),
    });
    await response.body?.cancel();
    // Gone: the browser dropped the subscription (or never had it); it never comes back.
    if (response.status === 404 || response.status === 410) {
      await this.options.repository.removeById(subscription.id);
    } else if (!response.ok) {
      this.options.log.warn(
        { status: response.status },
        'A push service refused a Web Push; the subscription is kept',
      );
    }
  }
}
