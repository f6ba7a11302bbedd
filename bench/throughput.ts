/**
 * Throughput of the cheap endpoints under a fixed load (autocannon, fixed
 * connections for a fixed time, in this process beside the server):
 * SPEC 4.1 authentication, 4.13 liveness step start and 4.14 step result
 * read. Part of `npm run bench`.
 */
import autocannon from 'autocannon';
import type { BenchServer } from './server';
import { BENCH_DEMO } from './server';
import { samples } from './stats';

export const THROUGHPUT_ENDPOINTS = {
  authentication: { spec: '4.1', note: 'argon2id password check per request: CPU-bound' },
  stepStart: { spec: '4.13', note: 'liveness step started: one process row written' },
  stepResult: { spec: '4.14', note: 'result of a started step read' },
} as const;
export type CheapEndpoint = keyof typeof THROUGHPUT_ENDPOINTS;

export interface EndpointThroughput {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface ThroughputBench {
  connections: number;
  seconds: number;
  endpoints: Record<CheapEndpoint, EndpointThroughput>;
}

export async function benchThroughput(server: BenchServer, log: (s: string) => void): Promise<ThroughputBench> {
  const connections = 10;
  const seconds = samples(10, 3);
  const bearer = await server.token();
  const auth = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const stepBody = { cpf: '52998224725', appRedirect: 'https://app.example.com/done' };
  const started = await server.api('POST', '/services/api/v1/steps/liveness', stepBody);
  if (started.status !== 200 && started.status !== 201) throw new Error(`step start failed: ${started.status} ${JSON.stringify(started.data)}`);
  const requestId = (started.data as { requestId: string }).requestId;
  const targets: Record<CheapEndpoint, autocannon.Options> = {
    authentication: {
      url: `${server.url}/services/api/v1/authentication`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: BENCH_DEMO.username, password: BENCH_DEMO.password }),
    },
    stepStart: { url: `${server.url}/services/api/v1/steps/liveness`, method: 'POST', headers: auth, body: JSON.stringify(stepBody) },
    stepResult: { url: `${server.url}/services/api/v1/steps/result/${requestId}`, method: 'GET', headers: { authorization: auth.authorization } },
  };
  const endpoints = {} as Record<CheapEndpoint, EndpointThroughput>;
  for (const name of Object.keys(targets) as CheapEndpoint[]) {
    // A second of warm-up (route compiled, connections and caches warm), then the measured run.
    await autocannon({ ...targets[name], connections, duration: 1 });
    const r = await autocannon({ ...targets[name], connections, duration: seconds });
    endpoints[name] = {
      requestsPerSecond: Math.round(r.requests.average * 10) / 10,
      latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
      requests: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
    };
    log(`  ${name}: ${endpoints[name].requestsPerSecond} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  return { connections, seconds, endpoints };
}
