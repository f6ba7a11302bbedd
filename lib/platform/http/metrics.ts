import client from 'prom-client';
import { gates } from './load';

const KEY = Symbol.for('atesta.metrics');

interface Metrics {
  registry: client.Registry;
  requests: client.Counter<'method' | 'route' | 'status'>;
  duration: client.Histogram<'method' | 'route'>;
}

/** Process-wide Prometheus registry (shared by the server script and bundled route handlers). */
export function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  if (!holder[KEY]) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: 'atesta_' });
    holder[KEY] = {
      registry,
      requests: new client.Counter({
        name: 'atesta_http_requests_total',
        help: 'HTTP requests by route template, method and status',
        labelNames: ['method', 'route', 'status'],
        registers: [registry],
      }),
      duration: new client.Histogram({
        name: 'atesta_http_request_duration_seconds',
        help: 'HTTP request latency by route template',
        labelNames: ['method', 'route'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers: [registry],
      }),
    };
    new client.Gauge({
      name: 'atesta_admission',
      help: 'Admission gates: places in use, requests waiting, requests shed since start',
      labelNames: ['gate', 'measure'],
      registers: [registry],
      collect() {
        const g = gates();
        for (const [name, gate] of [['analysis', g.analysis], ['requests', g.requests]] as const) {
          if (!gate) continue;
          this.set({ gate: name, measure: 'in_use' }, gate.inUse);
          this.set({ gate: name, measure: 'waiting' }, gate.queued);
          this.set({ gate: name, measure: 'shed' }, gate.shed);
        }
      },
    });
  }
  return holder[KEY];
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  m.requests.inc({ method, route, status: String(status) });
  m.duration.observe({ method, route }, seconds);
}
