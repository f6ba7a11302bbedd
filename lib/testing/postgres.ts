import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './worker';

/**
 * A PostgreSQL server of the test's own (initdb in a temp directory, its own
 * port), so a fault test can restart or stop it without touching the shared
 * server. Undefined when the PostgreSQL binaries are not installed.
 */
export interface PrivatePostgres {
  /** Admin URL (database `postgres`). */
  url: string;
  /** Crash-stop (immediate: no checkpoint, like a power cut), stay down `downMs`, start again. */
  restart(downMs?: number): Promise<void>;
  stop(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const version = fs.readdirSync(root).sort().at(-1);
  const dir = version && path.join(root, version, 'bin');
  return dir && fs.existsSync(path.join(dir, 'initdb')) ? dir : undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres | undefined> {
  const bin = binDir();
  if (!bin) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-pg-'));
  // PostgreSQL refuses to run as root: as root, run it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, tool), asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, { stdio: 'pipe' });
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-l', path.join(dir, 'log')];
  const start = () => run('pg_ctl', ['-D', data, '-w', 'start', ...options]);
  const stopNow = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs = 0) {
      stopNow();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    stop() {
      try {
        stopNow();
      } catch {
        // already down
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
