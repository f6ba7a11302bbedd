import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() }).meta({ id: 'Health' });

export const healthz = defineContract({
  method: 'GET',
  path: '/healthz',
  bases: ['services'],
  operationId: 'healthz',
  summary: 'Liveness: the process answers',
  tags: ['Operations'],
  auth: 'none',
  responses: { 200: { description: 'Alive', schema: healthSchema } },
});

export const readyz = defineContract({
  method: 'GET',
  path: '/readyz',
  bases: ['services'],
  operationId: 'readyz',
  summary: 'Readiness: database reachable and migrations applied',
  tags: ['Operations'],
  auth: 'none',
  responses: { 200: { description: 'Ready', schema: healthSchema }, 503: { description: 'Not ready', schema: healthSchema } },
});

export const metricsContract = defineContract({
  method: 'GET',
  path: '/metrics',
  bases: ['services'],
  operationId: 'metrics',
  summary: 'Prometheus metrics (request counts and latencies per route)',
  tags: ['Operations'],
  auth: 'none',
  responses: { 200: { description: 'Prometheus text format', contentType: 'text/plain; version=0.0.4' } },
});
