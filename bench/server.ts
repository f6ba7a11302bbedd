/**
 * The built server as a child process for the HTTP parts of the benchmark:
 * embedded database in a throw-away DATA_DIR, the demo integrator from
 * ATESTA_DEMO_*, logs off, and no limit that would cap a load figure.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startWebProcess, startWorkerProcess } from '../lib/testing';
import { peakRssMb } from './stats';

export const BENCH_DEMO = { username: 'bench.admin', password: 'bench-password-123456', apiKey: 'atk_bench_0123456789abcdefghijklmn' };

/** Limits raised or switched off: the figures measure the work, not the throttles. */
const UNLIMITED = {
  LOGIN_MAX_ATTEMPTS_PER_IP: '1000000000',
  LOGIN_MAX_FAILURES_PER_USERNAME: '1000000000',
  API_RATE_LIMIT_PER_MINUTE: '0',
  MAX_INFLIGHT_REQUESTS: '0',
  ACCESS_TOKEN_TTL_SECONDS: '3600',
};

export interface BenchServer {
  url: string;
  /** Sends a JSON request with the demo integrator's bearer token; the status and parsed body. */
  api: (method: string, route: string, body?: unknown) => Promise<{ status: number; data: any }>;
  token: () => Promise<string>;
  /** `npm run worker` processes beside the web process (its in-process worker is then off). */
  workers: ChildProcess[];
  /** Stops every process; their peak resident memory (MB). */
  stop: () => Promise<{ webPeakRssMb?: number; workerPeakRssMb: (number | undefined)[] }>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(killer));
}

/** `env` overrides the bench settings (e.g. OCR_WORKERS); `workerProcesses` > 0 runs the queues in that many worker processes. */
export async function startBenchServer(env: Record<string, string> = {}, workerProcesses = 0): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    ATESTA_DEMO_USERNAME: BENCH_DEMO.username,
    ATESTA_DEMO_PASSWORD: BENCH_DEMO.password,
    ATESTA_DEMO_API_KEY: BENCH_DEMO.apiKey,
    ...UNLIMITED,
    // As production boots (the API part still sends a warm-up request of its own).
    WARM_ENGINES_ON_BOOT: 'true',
    ...(workerProcesses > 0 ? { WORKER_IN_PROCESS: 'false' } : {}),
    ...env,
  };
  const web = await startWebProcess(base);
  const workers: ChildProcess[] = [];
  for (let i = 0; i < workerProcesses; i++) workers.push((await startWorkerProcess(base)).child);

  let bearer: string | undefined;
  const token = async () => {
    const res = await fetch(`${url}/services/api/v1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: BENCH_DEMO.username, password: BENCH_DEMO.password }) });
    if (res.status !== 200) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
    bearer = ((await res.json()) as { access_token: string }).access_token;
    return bearer;
  };
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${bearer ?? (await token())}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: the text as it came
    }
    return { status: res.status, data };
  };
  const stop = async () => {
    // Peaks read while the processes still run (/proc goes with them).
    const webPeakRssMb = peakRssMb(web.child.pid!);
    const workerPeakRssMb = workers.map((w) => peakRssMb(w.pid!));
    // Workers first: they talk to the database the web process holds.
    await Promise.all(workers.map(stopChild));
    await stopChild(web.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { webPeakRssMb, workerPeakRssMb };
  };
  return { url, api, token, workers, stop };
}
