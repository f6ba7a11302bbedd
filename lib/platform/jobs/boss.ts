import PgBoss from 'pg-boss';
import { getDatabase } from '../db';
import { getLogger } from '../log';

const KEY = Symbol.for('atesta.boss');
type Holder = { [KEY]?: Promise<PgBoss> };
const holder = globalThis as Holder;

/**
 * pg-boss on the same database as everything else. On the embedded default it
 * reaches PGlite through the same socket adapter as node-postgres, so jobs are
 * enqueued and fetched transactionally exactly as on PostgreSQL.
 */
export function getBoss(): Promise<PgBoss> {
  holder[KEY] ??= (async () => {
    const database = await getDatabase();
    const boss = new PgBoss({ ...database.connection, max: 4, schema: 'pgboss', application_name: 'atesta-jobs' } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => getLogger().error({ err }, 'job queue error'));
    await boss.start();
    return boss;
  })().catch((err) => {
    delete holder[KEY];
    throw err;
  });
  return holder[KEY];
}

export async function stopBoss(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  if (current) await (await current).stop({ graceful: true, wait: true, timeout: 10_000 });
}
