import { createHash } from 'node:crypto';
import type { SessionUser } from '@confab/protocol/auth';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths, type LinkPreview } from '@confab/protocol/social-chat';
import type { Agent } from 'undici';
import type { LinkPreviewConfig } from '../config';
import { guardedAgent, type AddressRules } from '../lib/address-guard';
import { notFound } from '../lib/app-error';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import { publicAddressRules } from '../lib/public-addresses';
import type {
  LinkPreviewRepository,
  LinkPreviewRow,
} from '../repositories/link-preview.repository';
import { limitedFetch } from './link-preview/limited-fetch';
import { pageMetadata } from './link-preview/page-metadata';
import { rasterImageType } from './link-preview/raster-image';

interface LinkPreviewServiceOptions extends LinkPreviewConfig {
  previews: LinkPreviewRepository;
  /** Pages fetched per user (previews already kept are not counted). */
  fetches: AttemptLimiter;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}

const isHtml = (type: string) => /^(text\/html|application\/xhtml\+xml)\s*(;|$)/.test(type);
const isImage = (type: string) => type.startsWith('image/') || type === '';
// The sweep of old rows runs at most this often per node.
const sweepEveryMs = 10 * 60_000;

/**
 * Link previews (docs/product.md#link-previews): the title, description, site and image of a
 * page, fetched by the server, never by the browser, so a link reveals nothing about its
 * readers to the site. Only public addresses are fetched (every redirect hop and the address
 * each connection resolved to), within a time limit and a size cap; the image is kept only
 * when it is a real raster image of a thumbnail's size, and is served by our server. Previews
 * are kept in the database for every node, their images up to a total; a user may cause only
 * so many fetches a minute, and a node makes only so many at once.
 *
 * Any signed-in user may ask for any address (not only one in their chats): the rate limit is
 * what bounds the fetching, and a preview tells nothing the page does not tell anyone.
 */
export class LinkPreviewService {
  private readonly rules: AddressRules;
  private readonly agent: Agent;
  private readonly now: () => number;
  private lastSweep = 0;
  /** Previews being fetched by this node now. */
  private fetching = 0;

  constructor(private readonly options: LinkPreviewServiceOptions) {
    this.rules = { ...publicAddressRules(options.allowedAddresses), lookup: options.lookup };
    this.agent = guardedAgent(this.rules, {
      connectTimeout: options.timeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.now = options.now ?? Date.now;
  }

  async preview(user: SessionUser, url: string): Promise<LinkPreview | null> {
    const address = new URL(url);
    address.hash = '';
    const key = address.href;
    const id = idOf(key);
    const kept = await this.options.previews.findById(id);
    if (kept && Number(kept.fetched_at) > this.now() - this.options.cacheTtlMs) {
      return toPreview(kept);
    }
    // A bound on the fetches (and their name lookups, which hold threads of libuv's pool that
    // file I/O needs too) under way at once: one more has no preview now, and is not kept as a
    // page without one, so it is fetched when asked again.
    if (this.fetching >= this.options.maxConcurrentFetches) return null;
    this.fetching += 1;
    try {
      await takeAttempt(
        this.options.fetches,
        user.id,
        (retryAfter) => `Too many link previews; try again in ${retryAfter} s`,
      );
      const row = await this.fetchPreview(id, key);
      await this.options.previews.save(row, this.options.cacheMaxBytes);
      this.sweepNow();
      return toPreview(row);
    } finally {
      this.fetching -= 1;
    }
  }

  /** The image of a kept preview, to serve from our origin. */
  async image(previewId: string): Promise<{ type: string; bytes: Buffer }> {
    const row = await this.options.previews.findById(previewId);
    if (!row?.image_data || !row.image_type) throw notFound('No such preview image');
    return { type: row.image_type, bytes: Buffer.from(row.image_data, 'base64') };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async fetchPreview(id: string, url: string): Promise<LinkPreviewRow> {
    const row: LinkPreviewRow = {
      id,
      url,
      title: null,
      description: null,
      site_name: null,
      image_type: null,
      image_data: null,
      fetched_at: this.now(),
    };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const page = await limitedFetch(url, {
        rules: this.rules,
        dispatcher: this.agent,
        signal,
        maxBytes: this.options.maxHtmlBytes,
        accept: 'text/html,application/xhtml+xml',
        acceptType: isHtml,
      });
      if (!page) return row;
      const metadata = pageMetadata(decode(page.bytes, page.contentType), page.url);
      row.title = metadata.title;
      row.description = metadata.description;
      row.site_name =
        metadata.siteName ??
        (metadata.title || metadata.description ? new URL(page.url).hostname : null);
      if (metadata.imageUrl && (metadata.title || metadata.description)) {
        const image = await limitedFetch(metadata.imageUrl, {
          rules: this.rules,
          dispatcher: this.agent,
          signal,
          maxBytes: this.options.maxImageBytes,
          accept: 'image/png,image/jpeg,image/gif,image/webp',
          acceptType: isImage,
          whole: true,
        }).catch(() => null);
        const type = image ? rasterImageType(image.bytes) : null;
        const data = image && type ? image.bytes.toString('base64') : null;
        // An image larger than all the images kept may be would push every other one out.
        if (type && data && data.length <= this.options.cacheMaxBytes) {
          row.image_type = type;
          row.image_data = data;
        }
      }
    } catch (error) {
      // Refused, unreachable, too slow: the page simply has no preview.
      this.options.log.warn({ err: error }, 'A link preview could not be fetched');
    }
    return row;
  }

  private sweepNow(): void {
    const now = this.now();
    if (now - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = now;
    void this.options.previews
      .deleteOlderThan(now - this.options.cacheTtlMs)
      .catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'Sweeping old link previews failed'),
      );
  }
}

function idOf(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** The page's text in the charset its header names (UTF-8 when none or unknown). */
function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=([^;]+)/.exec(contentType)?.[1]?.trim() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function toPreview(row: LinkPreviewRow): LinkPreview | null {
  if (!row.title && !row.description) return null;
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    siteName: row.site_name,
    image: row.image_data ? `${socialApiBase}${socialChatApiPaths.linkPreviewImage(row.id)}` : null,
  };
}
