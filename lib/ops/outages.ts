import { isConnectionLost } from '../platform/db';
import { getLogger } from '../platform/log';

/**
 * A server process outlives a database outage: a promise some library (pg-boss
 * marking a job, a pool) leaves unhandled while PostgreSQL restarts is logged
 * and the process goes on (its pools reconnect, jobs retry, leases and sweeps
 * recover the work). Any other unhandled rejection is a bug: logged, then the
 * process exits for its supervisor to restart it, as Node.js would.
 */
export function surviveDatabaseOutages(): void {
  const survive = (what: string) => (err: unknown) => {
    if (isConnectionLost(err)) {
      getLogger().warn({ err }, 'database connection lost; carrying on');
      return;
    }
    getLogger().fatal({ err }, what);
    process.exit(1);
  };
  process.on('unhandledRejection', survive('unhandled promise rejection'));
  // A connection's 'error' event with no listener (a library's own client, checked out when the server went) is
  // thrown as an exception: the same outage, survived the same way. Anything else ends the process as Node.js would.
  process.on('uncaughtException', survive('uncaught exception'));
}
