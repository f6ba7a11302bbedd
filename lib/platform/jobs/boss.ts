import PgBoss from 'pg-boss';
import { getDatabase, type Database } from '../db';
import { getLogger } from '../log';

const KEY = Symbol.for('atesta.boss');
type Entry = { database: Database; boss: Promise<PgBoss> };
type Holder = { [KEY]?: Entry };
const holder = globalThis as Holder;

async function started(database: Database): Promise<PgBoss> {
  const boss = new PgBoss({ ...database.connection, max: 4, schema: 'pgboss', application_name: 'atesta-jobs' } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => getLogger().error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/**
 * pg-boss on the same database as everything else. On the embedded default it
 * reaches PGlite through the same socket adapter as node-postgres, so jobs are
 * enqueued and fetched transactionally exactly as on PostgreSQL. Bound to the
 * database it was started on: when the process's database is replaced (a test
 * suite's next backend), a call made on the old one after it was stopped must
 * not leave the next caller a queue whose database is gone.
 */
export function getBoss(): Promise<PgBoss> {
  return getDatabase().then((database) => {
    const entry = holder[KEY];
    if (entry?.database === database) return entry.boss;
    if (entry) void entry.boss.then((b) => b.stop({ graceful: false, wait: false })).catch(() => undefined);
    const boss = started(database).catch((err) => {
      if (holder[KEY]?.boss === boss) delete holder[KEY];
      throw err;
    });
    holder[KEY] = { database, boss };
    return boss;
  });
}

export async function stopBoss(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  if (current) await (await current.boss).stop({ graceful: true, wait: true, timeout: 10_000 });
}
