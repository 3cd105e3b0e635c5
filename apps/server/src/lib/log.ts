/**
 * The levels of the app's logger (pino) that the services use; createServices is given the
 * app's logger, tests a silent one.
 */
export interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
}

/** For what only reports its failures. */
export type WarnLog = Pick<Log, 'warn'>;
