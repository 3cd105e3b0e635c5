import type { Redis } from 'ioredis';
import { typingRelayEveryMs, type TypingEntry } from '../../realtime/typing-store';
import { RedisScript } from './script';

/*
 * Layout, under the node's key prefix:
 *   typing:entries           hash  "{chatId} {userId}" → the entry as JSON
 *   typing:expiry            zset  "{chatId} {userId}" → epoch ms it expires
 *   typing:socket:{socketId} set   the entries a socket started (expires with them)
 *   typing:announced:{chatId}:{userId}  string  present for a second after an announcement
 * Each call is one script, so an entry that expires is taken, and announced, by one node only.
 */

// KEYS: entries, expiry, socket set, announced marker. ARGV: field, entry JSON, expires at,
// now, ttl ms, relay window ms. A renewal is announced only when the entry's marker (set on
// each announcement, expiring after the relay window) is gone.
const startScript = new RedisScript(`
local live = redis.call('ZSCORE', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
if live and tonumber(live) > tonumber(ARGV[4]) then
  if redis.call('SET', KEYS[4], '1', 'PX', ARGV[6], 'NX') then return 1 end
  return 0
end
redis.call('SET', KEYS[4], '1', 'PX', ARGV[6])
return 1`);

// KEYS: entries, expiry. ARGV: field.
const stopScript = new RedisScript(`
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return entry`);

// KEYS: entries, expiry, socket set. ARGV: socket id. Only entries the socket still owns go:
// the user may have typed on since from another tab.
const stopSocketScript = new RedisScript(`
local stopped = {}
for _, field in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  local entry = redis.call('HGET', KEYS[1], field)
  if entry and cjson.decode(entry).socketId == ARGV[1] then
    redis.call('HDEL', KEYS[1], field)
    redis.call('ZREM', KEYS[2], field)
    table.insert(stopped, entry)
  end
end
redis.call('DEL', KEYS[3])
return stopped`);

// KEYS: entries, expiry. ARGV: now, most to take.
const sweepScript = new RedisScript(`
local expired = {}
for _, field in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])) do
  local entry = redis.call('HGET', KEYS[1], field)
  redis.call('HDEL', KEYS[1], field)
  redis.call('ZREM', KEYS[2], field)
  if entry then table.insert(expired, entry) end
end
return expired`);

/** Typing indicators shared by every node through Redis; expiries are swept by the nodes. */
export class RedisTyping {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
    private readonly relayEveryMs = typingRelayEveryMs,
  ) {}

  async start(entry: TypingEntry, now: number): Promise<boolean> {
    const reply = await startScript.run(
      this.redis,
      [
        this.key('entries'),
        this.key('expiry'),
        this.key('socket', entry.socketId),
        this.key('announced', entry.chatId, entry.userId),
      ],
      [
        fieldOf(entry.chatId, entry.userId),
        JSON.stringify(entry),
        String(now + this.ttlMs),
        String(now),
        String(this.ttlMs * 2),
        String(this.relayEveryMs),
      ],
    );
    return reply === 1;
  }

  async stop(chatId: string, userId: string): Promise<TypingEntry | null> {
    const reply = await stopScript.run(
      this.redis,
      [this.key('entries'), this.key('expiry')],
      [fieldOf(chatId, userId)],
    );
    return typeof reply === 'string' ? (JSON.parse(reply) as TypingEntry) : null;
  }

  async stopSocket(socketId: string): Promise<TypingEntry[]> {
    const reply = await stopSocketScript.run(
      this.redis,
      [this.key('entries'), this.key('expiry'), this.key('socket', socketId)],
      [socketId],
    );
    return parseEntries(reply);
  }

  /** Takes up to `limit` expired entries; no other node gets them. */
  async takeExpired(now: number, limit = 200): Promise<TypingEntry[]> {
    const reply = await sweepScript.run(
      this.redis,
      [this.key('entries'), this.key('expiry')],
      [String(now), String(limit)],
    );
    return parseEntries(reply);
  }

  private key(...parts: string[]): string {
    return `${this.prefix}typing:${parts.join(':')}`;
  }
}

const fieldOf = (chatId: string, userId: string) => `${chatId} ${userId}`;

function parseEntries(reply: unknown): TypingEntry[] {
  return (reply as string[]).map((entry) => JSON.parse(entry) as TypingEntry);
}
