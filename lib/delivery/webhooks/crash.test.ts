import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../platform/config';
import { stopWorkers } from '../../platform/jobs';
import { startServiceWorkers } from '../../ops/workers';
import { backends, startReceiver } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';

describe.each(backends())('outbox survives a crash between commit and delivery on %s', (backend) => {
  const ctx = withTestIntegrator({ backend });
  beforeAll(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    resetConfig();
  });
  afterAll(async () => {
    await stopWorkers();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    resetConfig();
  });

  it('an event committed by a process killed with SIGKILL is delivered once a worker starts', async () => {
    const { db, tenant } = ctx;
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      // Asynchronous: on PGlite this process serves the database the child talks to.
      const child = await runChild(['--import', 'tsx', 'lib/delivery/webhooks/crash-fixture.ts'], {
        ...process.env,
        ...db.env,
        FIXTURE_INTEGRATOR_ID: tenant.integratorId,
        FIXTURE_URL: `${receiver.url}/hook`,
        LOG_LEVEL: 'silent',
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      const eventId = child.stdout.trim();
      expect(eventId).toMatch(/^msg_/);
      expect(receiver.calls).toHaveLength(0);

      await startServiceWorkers(); // the restart: its first sweep finds the due event
      const deadline = Date.now() + 30_000;
      while (receiver.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(receiver.calls.map((c) => c.headers['webhook-id'])).toEqual([eventId]);
      expect(JSON.parse(receiver.calls[0]!.body).data).toEqual({ onboardingId: 'onb-crash', status: 'DONE' });
    } finally {
      await receiver.close();
    }
  });
});

function runChild(args: string[], env: NodeJS.ProcessEnv): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (_code, signal) => resolve({ signal, stdout, stderr }));
  });
}
