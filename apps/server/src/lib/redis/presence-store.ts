import type { Redis } from 'ioredis';
import type { PresenceChange, PresenceState } from '../../realtime/presence-store';
import { RedisScript } from './script';

/** A user whose presence flipped in a sweep or a resync, as Redis now has it. */
export interface PresenceFlip {
  userId: string;
  change: PresenceChange;
}

/** One socket of this node, as the node itself knows it (the resync's source of truth). */
export interface LocalSocket {
  userId: string;
  socketId: string;
  active: boolean;
}

/*
 * Layout, under the node's key prefix:
 *   presence:sockets:{userId}  hash   socketId → "1" (active) | "0" (away), every node's sockets
 *   presence:seen:{userId}     string epoch ms the user was last online
 *   presence:version:{userId}  string the version of the user's last flip or stamp (PresenceState)
 *   presence:node:{nodeId}     set    "{userId} {socketId}" of the sockets one node holds
 *   presence:nodes             zset   nodeId → epoch ms its heartbeat expires
 * Every change runs as one script, so that of several nodes exactly one sees a user's flip and
 * announces it. The scripts build keys from the prefix (one Redis server, not a cluster).
 */
const library = `
local prefix = ARGV[1]
local now = ARGV[2]
local function socketsKey(userId) return prefix .. 'presence:sockets:' .. userId end
local function seenKey(userId) return prefix .. 'presence:seen:' .. userId end
local function nodeKey(nodeId) return prefix .. 'presence:node:' .. nodeId end
local function versionKey(userId) return prefix .. 'presence:version:' .. userId end
-- Redis's own clock, one for every node: a flip's version is at least its moment in
-- microseconds, so versions keep growing after Redis starts again empty.
local function bump(userId)
  local time = redis.call('TIME')
  local last = tonumber(redis.call('GET', versionKey(userId)) or '0')
  local version = math.max(tonumber(time[1]) * 1000000 + tonumber(time[2]), last + 1)
  redis.call('SET', versionKey(userId), string.format('%.0f', version))
  return version
end
local function online(userId)
  for _, value in ipairs(redis.call('HVALS', socketsKey(userId))) do
    if value == '1' then return true end
  end
  return false
end
-- Users touched by this script: online before, so that flips can be told at the end.
local before = {}
local order = {}
local function touch(userId)
  if before[userId] == nil then
    before[userId] = online(userId)
    table.insert(order, userId)
    if before[userId] then redis.call('SET', seenKey(userId), now) end
  end
end
local function flips(all)
  local out = {}
  for _, userId in ipairs(order) do
    local after = online(userId)
    if after then redis.call('SET', seenKey(userId), now) end
    local version = redis.call('GET', versionKey(userId)) or '0'
    if after ~= before[userId] then version = string.format('%.0f', bump(userId)) end
    if all or after ~= before[userId] then
      table.insert(out, { userId, before[userId] and 1 or 0, after and 1 or 0,
        redis.call('GET', seenKey(userId)) or '', version })
    end
  end
  return out
end
local function put(nodeId, userId, socketId, value)
  touch(userId)
  redis.call('HSET', socketsKey(userId), socketId, value)
  redis.call('SADD', nodeKey(nodeId), userId .. ' ' .. socketId)
end
local function drop(nodeId, userId, socketId)
  touch(userId)
  redis.call('HDEL', socketsKey(userId), socketId)
  redis.call('SREM', nodeKey(nodeId), userId .. ' ' .. socketId)
end
local function split(member)
  local space = string.find(member, ' ', 1, true)
  return string.sub(member, 1, space - 1), string.sub(member, space + 1)
end
`;

// ARGV: prefix, now, op (connect | active | away | disconnect), nodeId, userId, socketId
const changeScript = new RedisScript(`${library}
local op, nodeId, userId, socketId = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
if op == 'connect' then put(nodeId, userId, socketId, '1')
elseif op == 'disconnect' then drop(nodeId, userId, socketId)
else
  touch(userId)
  -- Only a socket that is still connected may change; a late "away" must not revive it.
  if redis.call('HEXISTS', socketsKey(userId), socketId) == 1 then
    redis.call('HSET', socketsKey(userId), socketId, op == 'active' and '1' or '0')
  end
end
return flips(true)`);

// ARGV: prefix, now, nodeId, then userId, socketId, active ("1"/"0") for every local socket.
// Makes Redis hold exactly the node's sockets: after an outage, or after being swept as dead.
const resyncScript = new RedisScript(`${library}
local nodeId = ARGV[3]
local wanted = {}
for i = 4, #ARGV, 3 do wanted[ARGV[i] .. ' ' .. ARGV[i + 1]] = ARGV[i + 2] end
for _, member in ipairs(redis.call('SMEMBERS', nodeKey(nodeId))) do
  if wanted[member] == nil then
    local userId, socketId = split(member)
    drop(nodeId, userId, socketId)
  end
end
for i = 4, #ARGV, 3 do put(nodeId, ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
return flips(true)`);

// ARGV: prefix, now, nodeId. Removes a node whose heartbeat expired, with all its sockets;
// the ZREM makes exactly one sweeping node do it (and announce the flips).
const sweepScript = new RedisScript(`${library}
local nodeId = ARGV[3]
local nodes = prefix .. 'presence:nodes'
local expires = redis.call('ZSCORE', nodes, nodeId)
if not expires or tonumber(expires) > tonumber(now) then return {} end
redis.call('ZREM', nodes, nodeId)
for _, member in ipairs(redis.call('SMEMBERS', nodeKey(nodeId))) do
  local userId, socketId = split(member)
  drop(nodeId, userId, socketId)
end
redis.call('DEL', nodeKey(nodeId))
return flips(false)`);

// ARGV: prefix, now, userId. A new version without a flip (PresenceStore.stamp).
const stampScript = new RedisScript(`${library}
return string.format('%.0f', bump(ARGV[3]))`);

/** userId, online before, online after, last seen, version (a string, as Redis keeps it). */
type FlipReply = [string, number, number, string, string][];

/**
 * Presence shared by every node of a site through Redis. Each node counts as alive while it
 * renews its heartbeat; the sockets of a node that died without closing them (SIGKILL, lost
 * machine) are removed by whichever node sweeps first.
 */
export class RedisPresence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly nodeId: string,
  ) {}

  async change(
    op: 'connect' | 'active' | 'away' | 'disconnect',
    userId: string,
    socketId: string,
    now: number,
  ): Promise<PresenceChange> {
    const reply = (await changeScript.run(
      this.redis,
      [],
      [this.prefix, String(now), op, this.nodeId, userId, socketId],
    )) as FlipReply;
    return toFlips(reply)[0]!.change;
  }

  async get(userId: string): Promise<PresenceState> {
    const [sockets, seen, version] = await Promise.all([
      this.redis.hvals(this.key('sockets', userId)),
      this.redis.get(this.key('seen', userId)),
      this.redis.get(this.key('version', userId)),
    ]);
    return {
      isOnline: sockets.includes('1'),
      lastSeen: seen === null ? null : Number(seen),
      version: Number(version ?? 0),
    };
  }

  async stamp(userId: string, now: number): Promise<number> {
    return Number(await stampScript.run(this.redis, [], [this.prefix, String(now), userId]));
  }

  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    // Single commands, not a pipeline of their own: the connection pipelines what is issued in
    // one turn of the event loop (enableAutoPipelining), so the reads of every message a commit
    // settled share one write (a pipeline each was a system call per message).
    const replies = await Promise.all(
      userIds.map((userId) => this.redis.hvals(this.key('sockets', userId))),
    );
    const online = new Set<string>();
    replies.forEach((values, index) => {
      if (values.includes('1')) online.add(userIds[index]!);
    });
    return online;
  }

  /** Renews this node's heartbeat; true when Redis did not know the node (new, or swept). */
  async heartbeat(now: number, ttlMs: number): Promise<boolean> {
    const added = await this.redis.zadd(this.key('nodes'), now + ttlMs, this.nodeId);
    return added === 1;
  }

  /** Removes the nodes whose heartbeat expired; the flips this node must announce. */
  async sweepDeadNodes(now: number): Promise<PresenceFlip[]> {
    const dead = await this.redis.zrangebyscore(this.key('nodes'), '-inf', now);
    const flips: PresenceFlip[] = [];
    for (const nodeId of dead) {
      if (nodeId === this.nodeId) continue;
      const reply = (await sweepScript.run(
        this.redis,
        [],
        [this.prefix, String(now), nodeId],
      )) as FlipReply;
      flips.push(...toFlips(reply));
    }
    return flips;
  }

  /** Makes Redis hold exactly these sockets for this node; every user it touched, flipped or not. */
  async resync(sockets: readonly LocalSocket[], now: number): Promise<PresenceFlip[]> {
    const args = sockets.flatMap(({ userId, socketId, active }) => [
      userId,
      socketId,
      active ? '1' : '0',
    ]);
    const reply = (await resyncScript.run(
      this.redis,
      [],
      [this.prefix, String(now), this.nodeId, ...args],
    )) as FlipReply;
    return toFlips(reply);
  }

  private key(...parts: string[]): string {
    return `${this.prefix}presence:${parts.join(':')}`;
  }
}

function toFlips(reply: FlipReply): PresenceFlip[] {
  return reply.map(([userId, before, after, seen, version]) => ({
    userId,
    change: {
      changed: before !== after,
      state: {
        isOnline: after === 1,
        lastSeen: seen === '' ? null : Number(seen),
        version: Number(version),
      },
    },
  }));
}
