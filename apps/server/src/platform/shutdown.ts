import type { FastifyBaseLogger } from 'fastify';

/** Margin past the shutdown timeout before a process that still hangs is ended anyway. */
const LAST_RESORT_MILLISECONDS = 5000;

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it failed or
 * still hung past the timeout (a handler that ignores the end of its database, say).
 */
export function stopOnSignals(options: {
  log: FastifyBaseLogger;
  timeoutMilliseconds: number;
  stop: () => Promise<void>;
}): void {
  const { log } = options;
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'stopping');
    setTimeout(() => {
      log.error('still stopping after the shutdown timeout: exiting');
      process.exit(1);
    }, options.timeoutMilliseconds + LAST_RESORT_MILLISECONDS).unref();
    options.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
