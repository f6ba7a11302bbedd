/**
 * `npm run admin -- <resource> <action> [options] [--json]`
 * Manages integrators, users, API keys, OAuth clients and signing keys.
 * On the embedded database it works while the server runs (through its socket).
 */
import { parseArgs } from 'node:util';
import { runAdmin } from '../lib/processes/admin';
import { closeDatabase } from '../lib/platform/db';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    name: { type: 'string' },
    integrator: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    scope: { type: 'string' },
    'app-origin': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

runAdmin(positionals, { ...values, appOrigin: values['app-origin'] })
  .then(async (out) => {
    process.stdout.write(values.json ? `${JSON.stringify(out.data, null, 2)}\n` : `${out.text}\n`);
    await closeDatabase();
    process.exit(0);
  })
  .catch(async (err: Error & { code?: string }) => {
    const message = err.message ?? String(err);
    if (values.json) process.stdout.write(`${JSON.stringify({ error: err.code ?? 'error', message })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  });
