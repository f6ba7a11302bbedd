import pg from 'pg';
import { isConnectionLost } from './conditions';

/**
 * node-postgres' pool, with checked-out clients that cannot leak when their
 * connection dies. drizzle's `transaction` runs `begin` before its
 * try/finally: when a client handed out just as PostgreSQL restarted fails
 * that first statement, nobody releases it, the pool counts it as busy for
 * ever, and after `max` such losses every query waits for ever. Here a
 * statement that fails because the connection is gone releases the client at
 * once (destroyed, not reused), and a later release by its user is a no-op.
 * Only the promise form of `connect` is wrapped; `pool.query` uses the
 * callback form and releases its client itself.
 */
export function leakProofPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // A client that loses its server must not crash the process: an idle one is replaced by the pool, and a
  // checked-out one (between statements) would otherwise throw its 'error' event, having no listener.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | void;
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : (connect() as Promise<pg.PoolClient>).then(guard))) as pg.Pool['connect'];
  return pool;
}

function guard(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release(err);
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) result.catch((err) => isConnectionLost(err) && client.release(err as Error));
    return result;
  }) as typeof client.query;
  return client;
}
