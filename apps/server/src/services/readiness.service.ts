import type { ReadyReply } from '@confab/protocol/health';
import type { RedisHandle } from '../lib/redis/connection';
import type { HealthRepository } from '../repositories/health.repository';

interface ReadinessOptions {
  health: HealthRepository;
  redis: RedisHandle | null;
  /** Longest a check may take: a database that does not answer in time counts as down. */
  timeoutMs?: number;
}

/**
 * Whether this node can take traffic, for load balancers and deployments. It stops being ready
 * as soon as shutdown begins, before connections close, so traffic moves elsewhere first.
 */
export class ReadinessService {
  private shuttingDown = false;

  constructor(private readonly options: ReadinessOptions) {}

  beginShutdown(): void {
    this.shuttingDown = true;
  }

  isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  async check(): Promise<ReadyReply> {
    const timeoutMs = this.options.timeoutMs ?? 2_000;
    const redis = this.options.redis;
    const [databaseUp, redisUp] = await Promise.all([
      withinTime(
        this.options.health.ping().then(() => true),
        timeoutMs,
      ),
      redis ? withinTime(redis.ping(), timeoutMs) : Promise.resolve(null),
    ]);
    const problems = [
      ...(this.shuttingDown ? ['the node is shutting down'] : []),
      ...(databaseUp ? [] : ['the database does not answer']),
      ...(redisUp === false ? ['Redis does not answer'] : []),
    ];
    return {
      ready: problems.length === 0,
      database: databaseUp ? 'up' : 'down',
      redis: redisUp === null ? 'not configured' : redisUp ? 'up' : 'down',
      shuttingDown: this.shuttingDown,
      message: problems.length === 0 ? 'ready' : `Not ready: ${problems.join('; ')}`,
    };
  }
}

/** The check's answer, or false when it fails or takes longer than `ms`. */
function withinTime(check: Promise<boolean>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    check.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}
