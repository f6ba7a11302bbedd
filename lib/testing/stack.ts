import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type Backend, type TestDatabase } from './database';
import { seedIntegrator, type SeededIntegrator } from './seed';
import { ensureWebBuild, freePort, startWebProcess, startWorkerProcess, type ChildServer, type Env } from './worker';

/**
 * Atesta as production runs it, on this machine: a fresh database, a web
 * process (`npm start`, WORKER_IN_PROCESS=false) and a worker process
 * (`npm run worker`), with seeded tenants. The load and fault tests drive it
 * over HTTP and kill its processes.
 */
export interface Stack {
  url: string;
  env: Env;
  db: TestDatabase;
  tenants: SeededIntegrator[];
  web: ChildServer;
  worker: ChildServer;
  /** kill -9 of a process (resolves once it is gone). */
  kill(which: 'web' | 'worker'): Promise<void>;
  /** Starts the process again (after kill), same port and environment. */
  restart(which: 'web' | 'worker'): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  backend: Backend;
  tenants?: number;
  /** Extra environment for both processes. */
  env?: Record<string, string>;
}

async function stop(child: ChildServer | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.child.exitCode !== null || child.child.signalCode !== null) return;
  const gone = new Promise((r) => child.child.once('exit', r));
  child.child.kill(signal);
  await gone;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  await ensureWebBuild();
  const db = await createTestDatabase(options.backend);
  const tenants: SeededIntegrator[] = [];
  for (let i = 0; i < (options.tenants ?? 1); i++) tenants.push(await seedIntegrator());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Env = {
    ...process.env,
    ...db.env,
    // PGlite's files belong to this process (served on its socket); the children use only the socket.
    ...(options.backend === 'pglite' ? {} : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-stack-')) }),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    WORKER_IN_PROCESS: 'false',
    ATESTA_DEMO: 'false',
    LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  // As `npm start` runs: Next.js decides NODE_ENV (vitest's `test` would change what the server does).
  if (!options.env?.NODE_ENV) delete env.NODE_ENV;
  const stack: Stack = {
    url,
    env,
    db,
    tenants,
    web: await startWebProcess(env),
    worker: await startWorkerProcess(env),
    async kill(which) {
      await stop(stack[which], 'SIGKILL');
    },
    async restart(which) {
      await stop(stack[which], 'SIGKILL');
      stack[which] = which === 'web' ? await startWebProcess(env) : await startWorkerProcess(env);
    },
    async close() {
      await Promise.all([stop(stack.web, 'SIGTERM'), stop(stack.worker, 'SIGTERM')]);
      await db.close();
    },
  };
  return stack;
}
