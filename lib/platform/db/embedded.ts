import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { keepSequencesTogether, type SocketQueryQueue } from './socket-sequences';

/**
 * The embedded default: one process owns PGlite and serves it on a Unix socket
 * through pglite-socket's multiplexer; that process and any other one (admin
 * CLI, `npm run worker`) then talk to it with node-postgres, exactly as they
 * would to a real PostgreSQL. One driver, one code path, and transactions are
 * serialised by the multiplexer instead of interleaving.
 */
export interface EmbeddedHandle {
  /** Directory that holds `.s.PGSQL.5432`: node-postgres takes it as `host`. */
  socketDir: string;
  /** True when this process started PGlite (and must keep running for the others). */
  owner: boolean;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
const MAX_UNIX_PATH = 100;

function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, 'run');
  if (path.join(preferred, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_UNIX_PATH) return preferred;
  const digest = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `atesta-${digest}`);
}

async function socketAnswers(socketDir: string): Promise<boolean> {
  const client = new pg.Client({ host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the owner lock, clearing one left by a dead process. Returns false when a live process holds it. */
function takeLock(lockFile: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) return false;
      fs.rmSync(lockFile, { force: true });
    }
  }
  return false;
}

export interface EmbeddedOptions {
  /** Directory for the database files, or `memory://` for a throw-away database (tests). */
  dataDir: string;
  /** Where the socket lives; defaults to `<dataDir>/run`. */
  socketDir?: string;
  maxConnections?: number;
  waitForOwnerMs?: number;
}

export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const memory = options.dataDir === 'memory://';
  const baseDir = memory ? fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-mem-')) : path.resolve(options.dataDir);
  const socketDir = options.socketDir ?? socketDirFor(baseDir);
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(socketDir, 'owner.pid');
  const socketFile = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);

  const deadline = Date.now() + (options.waitForOwnerMs ?? 15000);
  while (!takeLock(lockFile)) {
    // Another live process owns the database: use its socket once it answers.
    if (await socketAnswers(socketDir)) return { socketDir, owner: false, stop: async () => undefined };
    if (Date.now() > deadline) {
      throw new Error(`The embedded database in ${baseDir} is held by another process that does not answer on ${socketFile}.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
  ]);
  fs.rmSync(socketFile, { force: true });
  const dbDir = memory ? 'memory://' : path.join(baseDir, 'pglite');
  const pglite = await PGlite.create(dbDir);
  const server = new PGLiteSocketServer({ db: pglite, path: socketFile, maxConnections: options.maxConnections ?? 64 });
  keepSequencesTogether((server as unknown as { queryQueue: SocketQueryQueue }).queryQueue);
  await server.start();
  fs.chmodSync(socketFile, 0o600);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
    await pglite.close();
    fs.rmSync(socketFile, { force: true });
    fs.rmSync(lockFile, { force: true });
    if (memory) fs.rmSync(baseDir, { recursive: true, force: true });
  };
  return { socketDir, owner: true, stop };
}
