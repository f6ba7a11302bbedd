import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../platform/auth';
import { resetConfig } from '../platform/config';
import { createTestDatabase, type Backend, type TestDatabase } from './database';
import { startReceiver, type ReceivedCall, type ReceiverAnswer } from './receiver';
import { bearerHeaders, seedIntegrator, type SeededIntegrator } from './seed';

export interface TenantOptions {
  role?: Role;
  clientScope?: string;
}

export interface TestIntegratorOptions {
  backend?: Backend;
  /** How many tenants to seed (default one), or each tenant's own options. */
  tenants?: number | TenantOptions[];
  /** The seeded users' role and the OAuth clients' scope, for every tenant without its own. */
  role?: Role;
  clientScope?: string;
  /** A local webhook receiver answering this way (private networks are then allowed as webhook targets). */
  receiver?: (call: ReceivedCall, index: number) => ReceiverAnswer | Promise<ReceiverAnswer>;
}

export interface TestIntegrator {
  db: TestDatabase;
  /** The first tenant, the second (tests of tenant isolation), and all of them. */
  tenant: SeededIntegrator;
  other: SeededIntegrator;
  tenants: SeededIntegrator[];
  /** Bearer headers of each tenant's admin user, in order (`auth` the first's, `otherAuth` the second's). */
  auth: Record<string, string>;
  otherAuth: Record<string, string>;
  auths: Record<string, string>[];
  receiver: Awaited<ReturnType<typeof startReceiver>>;
}

/**
 * The setup most integration tests share, as hooks of the describe block it
 * is called in: a test database, seeded tenants with their Bearer headers
 * and, if asked, a webhook receiver; closed after the block. The fields are
 * filled before the block's own beforeAll hooks run. Imported from
 * `lib/testing/fixture` (it needs vitest), not from the `lib/testing` index
 * that the benchmark and scripts use too.
 */
export function withTestIntegrator(options: TestIntegratorOptions = {}): TestIntegrator {
  const t = {} as TestIntegrator;
  beforeAll(async () => {
    if (options.receiver) {
      process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
      resetConfig();
    }
    t.db = await createTestDatabase(options.backend ?? 'pglite');
    t.tenants = [];
    const tenants: TenantOptions[] = typeof options.tenants === 'object' ? options.tenants : Array.from({ length: options.tenants ?? 1 }, () => ({}));
    for (const own of tenants) t.tenants.push(await seedIntegrator({ role: own.role ?? options.role, clientScope: own.clientScope ?? options.clientScope }));
    t.auths = await Promise.all(t.tenants.map((x) => bearerHeaders(x)));
    [t.tenant, t.other] = t.tenants as [SeededIntegrator, SeededIntegrator];
    [t.auth, t.otherAuth] = t.auths as [Record<string, string>, Record<string, string>];
    if (options.receiver) t.receiver = await startReceiver(options.receiver);
  }, 60_000);
  afterAll(async () => {
    await t.receiver?.close();
    await t.db?.close();
    if (options.receiver) {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
      resetConfig();
    }
  });
  return t;
}
