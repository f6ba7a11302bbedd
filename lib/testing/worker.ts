import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run worker` as a child process, resolved once it serves its queues.
 * Run as `node --import tsx`, not through the tsx CLI: the CLI runs the
 * script in a grandchild that a SIGKILL of the child would not reach.
 */
export async function startWorkerProcess(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Atesta worker serving') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  if (!output.includes('Atesta worker serving')) {
    child.kill('SIGKILL');
    throw new Error(`worker did not start:\n${output}`);
  }
  return { child, output: () => output };
}
