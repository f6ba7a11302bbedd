import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A child's environment (NodeJS.ProcessEnv without Next.js's required NODE_ENV). */
export type Env = Record<string, string | undefined>;

export interface ChildServer {
  child: ChildProcess;
  output: () => string;
}

/**
 * A script of ours as a child process, resolved once it prints `ready`.
 * Run as `node --import tsx`, not through the tsx CLI: the CLI runs the
 * script in a grandchild that a SIGKILL of the child would not reach.
 */
async function startScript(script: string, env: Env, ready: string, timeoutMs: number): Promise<ChildServer> {
  // (No warm-up read at boot unless a test asks: the fault and load tests start many processes on two cores.)
  const withDefaults: Env = { WARM_ENGINES_ON_BOOT: 'false', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: withDefaults as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(ready) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  if (!output.includes(ready)) {
    child.kill('SIGKILL');
    throw new Error(`${script} did not start:\n${output}`);
  }
  return { child, output: () => output };
}

/** `npm run worker` as a child process, resolved once it serves its queues. */
export function startWorkerProcess(env: Env, timeoutMs = 60_000): Promise<ChildServer> {
  return startScript('scripts/worker.ts', env, 'Atesta worker serving', timeoutMs);
}

/**
 * Builds the Next.js app if its sources changed (as `npm start` does).
 * Asynchronous: a test runner's event loop must stay free during the build.
 */
export async function ensureWebBuild(): Promise<void> {
  const child = spawn(process.execPath, [path.join('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error('next build failed');
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * `npm start` (the built web app) as a child process on `env.PORT`, resolved
 * once it listens. Call ensureWebBuild() first. Set WORKER_IN_PROCESS=false to
 * run the worker apart.
 */
export function startWebProcess(env: Env, timeoutMs = 120_000): Promise<ChildServer> {
  return startScript('scripts/server.ts', { HOST: '127.0.0.1', ...env }, 'Atesta listening on', timeoutMs);
}
