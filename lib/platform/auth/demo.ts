import { sql } from 'drizzle-orm';
import { getConfig } from '../config';
import { getDb, schema } from '../db';
import { randomToken } from '../crypto';
import { createApiKey } from './api-keys';
import { createIntegrator } from './integrators';
import { createUser } from './users';

export interface DemoCredentials {
  integratorId: string;
  username: string;
  password: string;
  apiKey: string;
}

/**
 * First start with an empty database creates a demo integrator so the service
 * can be tried at once. With ATESTA_DEMO_USERNAME/PASSWORD/API_KEY set, those
 * exact values are used (and created if that username does not exist yet).
 * Returns the credentials only when it created them, so they are printed once.
 */
export async function ensureDemoIntegrator(): Promise<DemoCredentials | undefined> {
  const config = getConfig();
  if (!config.ATESTA_DEMO) return undefined;
  const preset = config.ATESTA_DEMO_USERNAME && config.ATESTA_DEMO_PASSWORD && config.ATESTA_DEMO_API_KEY;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7241021)`);
    if (preset) {
      const existing = await tx.select({ id: schema.users.id }).from(schema.users).where(sql`lower(${schema.users.username}) = lower(${config.ATESTA_DEMO_USERNAME})`);
      if (existing.length) return undefined;
    } else {
      const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from integrators`)).rows as [{ n: number }];
      if (n > 0) return undefined;
    }
    const username = config.ATESTA_DEMO_USERNAME ?? 'demo';
    const password = config.ATESTA_DEMO_PASSWORD ?? randomToken(15);
    const integrator = await createIntegrator(tx, 'Demo integrator');
    await createUser(tx, integrator.id, username, password, 'admin');
    const key = await createApiKey(tx, integrator.id, 'demo', config.ATESTA_DEMO_API_KEY);
    return { integratorId: integrator.id, username, password, apiKey: key.key };
  });
}
