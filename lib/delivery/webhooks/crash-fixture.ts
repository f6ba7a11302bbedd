/**
 * Test fixture (run in a child process): commits a state change with its
 * webhook event and dies with SIGKILL before anything could queue delivery.
 */
import { getDb } from '../../platform/db';
import { emitWebhook } from './outbox';

const db = await getDb();
const [id] = await db.transaction((tx) =>
  emitWebhook(tx, {
    integratorId: process.env.FIXTURE_INTEGRATOR_ID!,
    type: 'onboarding.completed',
    url: process.env.FIXTURE_URL!,
    subjectId: 'onb-crash',
    data: { onboardingId: 'onb-crash', status: 'DONE' },
  }),
);
process.stdout.write(`${id}\n`);
process.kill(process.pid, 'SIGKILL');
