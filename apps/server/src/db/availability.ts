import { isDatabaseUnavailable } from './errors';

/** Told when the database stops answering (with the first error) and when it answers again. */
export type AvailabilityListener = (available: boolean, error?: unknown) => void;

/**
 * Whether the database answers, from what its connections see. Only the changes are told:
 * the first failure of an outage and the first answer after it, so an outage is two lines in
 * the log however many requests fail during it.
 */
export class DatabaseAvailability {
  private down = false;

  constructor(private readonly listener: AvailabilityListener = () => {}) {}

  get available(): boolean {
    return !this.down;
  }

  /** A statement or a connection attempt settled: `error` undefined when it succeeded. */
  settled(error?: unknown): void {
    // Any answer of the server (a constraint violation too) means it is reachable.
    const unreachable = error !== undefined && isDatabaseUnavailable(error);
    if (unreachable === this.down) return;
    this.down = unreachable;
    this.listener(!unreachable, error);
  }
}
