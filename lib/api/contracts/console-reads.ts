import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

/** Console reads (issue 12): any role, the caller's integrator only. */
const read = { tags: ['Console'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const], method: 'GET' as const };

const maskedCpf = z.string().meta({ description: 'Masked: ***.456.789-**; empty after erasure or when none was given.' });

export const searchResultsSchema = z
  .object({
    onboardings: z.array(
      z.object({ onboardingId: z.uuid(), customerId: z.string(), cpf: maskedCpf, status: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() }),
    ),
    steps: z.array(
      z.object({ requestId: z.uuid(), kind: z.string(), cpf: maskedCpf, status: z.string(), createdAt: z.iso.datetime(), finishedAt: z.iso.datetime().nullable() }),
    ),
    batches: z.array(
      z.object({
        batchId: z.uuid(),
        batchExternalId: z.string(),
        workflowAlias: z.string(),
        status: z.string(),
        docCount: z.number().int(),
        createdAt: z.iso.datetime(),
        finishedAt: z.iso.datetime().nullable(),
      }),
    ),
  })
  .meta({ id: 'SearchResults' });

export const consoleSearch = defineContract({
  ...read,
  path: '/services/api/v1/console/search',
  operationId: 'consoleSearch',
  summary: 'Find onboardings, step processes and batches by id, CPF, customerId or batchExternalId',
  description: "Exact matches within the caller's integrator, newest first, at most 25 of each kind. A CPF may be given as digits or formatted (529.982.247-25); results show it masked.",
  query: z.object({ q: z.string().max(200).default('').meta({ description: 'An id (UUID), a CPF, a customerId or a batchExternalId. Empty: no results.' }) }),
  responses: { 200: { description: 'Results by kind', schema: searchResultsSchema } },
});

export const consoleStatsSchema = z
  .object({
    days: z.number().int(),
    daily: z.array(z.object({ day: z.iso.date(), counts: z.record(z.string(), z.number().int()).meta({ description: 'Onboardings created that day by current status.' }) })),
    approval: z.object({ approved: z.number().int(), decided: z.number().int(), rate: z.number().nullable().meta({ description: 'approved / decided; null when nothing was decided.' }) }),
    medianProcessingSeconds: z.number().nullable().meta({ description: 'Median time from creation to a final status; null when none finished.' }),
    topPenalties: z.array(z.object({ rulesName: z.string(), count: z.number().int() })).meta({ description: 'Rules fired most in all fraud analyses, most first.' }),
  })
  .meta({ id: 'ConsoleStats' });

export const consoleStats = defineContract({
  ...read,
  path: '/services/api/v1/console/stats',
  operationId: 'consoleStats',
  summary: 'Daily onboarding volumes by status, approval rate, median processing time, top penalties',
  description: "Over the last `days` UTC days (today included). Approved: DONE, or RESOLVED by a reviewer's approval; decided: DONE, REJECTED, BLACKLISTED, RESOLVED.",
  query: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
  responses: { 200: { description: 'The figures', schema: consoleStatsSchema } },
});
