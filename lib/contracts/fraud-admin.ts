import { z } from 'zod';
import { defineContract } from '../http/contract';
import { RULES } from '../fraud/rules';

const common = { tags: ['Fraud'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const] };
const cpfParam = z.object({ cpf: z.string().regex(/^\d{11}$/, 'CPF must be 11 digits') });
const rulesGroup = z.string().max(60).regex(/^[\w.-]+$/);

export const denyListEntrySchema = z
  .object({ cpf: z.string(), reason: z.string().nullable(), createdAt: z.string().meta({ description: 'ISO 8601.' }) })
  .meta({ id: 'DenyListEntry' });

export const listDenyList = defineContract({
  ...common,
  method: 'GET',
  path: '/services/api/v1/fraud/deny-list',
  operationId: 'listDenyList',
  summary: 'CPFs on the deny list (Atesta addition)',
  description: 'In CPF order, `limit` per page (default 50, at most 500); pass the last CPF as `after` for the next page.',
  query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional(), after: z.string().regex(/^\d{11}$/).optional() }),
  responses: { 200: { description: 'A page of the list', schema: z.object({ items: z.array(denyListEntrySchema), next: z.string().optional() }) } },
});

export const putDenyList = defineContract({
  ...common,
  method: 'PUT',
  path: '/services/api/v1/fraud/deny-list/{cpf}',
  operationId: 'putDenyList',
  summary: 'Put a CPF on the deny list (Atesta addition)',
  description: 'Idempotent; a later call replaces the reason. Every later analysis of the CPF gets the CPF_BLOQUEADO hard stop. Console users need the admin role.',
  params: cpfParam,
  body: { schema: z.object({ reason: z.string().max(500).nullable().optional() }) },
  responses: { 200: { description: 'The entry', schema: denyListEntrySchema } },
});

export const deleteDenyList = defineContract({
  ...common,
  method: 'DELETE',
  path: '/services/api/v1/fraud/deny-list/{cpf}',
  operationId: 'deleteDenyList',
  summary: 'Take a CPF off the deny list (Atesta addition)',
  params: cpfParam,
  responses: { 204: { description: 'Removed' } },
});

export const ruleStateSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    hardStop: z.boolean(),
    defaultWeight: z.number(),
    weight: z.number().meta({ description: 'Weight in force (the rulesGroup’s, else the integrator’s, else the default).' }),
    enabled: z.boolean(),
  })
  .meta({ id: 'FraudRule' });

export const listRules = defineContract({
  ...common,
  method: 'GET',
  path: '/services/api/v1/fraud/rules',
  operationId: 'listFraudRules',
  summary: 'The fraud rule catalogue as it applies (Atesta addition)',
  query: z.object({ rulesGroup: rulesGroup.optional() }),
  responses: { 200: { description: 'Every rule with its weight and switch in force', schema: z.array(ruleStateSchema) } },
});

export const putRule = defineContract({
  ...common,
  method: 'PUT',
  path: '/services/api/v1/fraud/rules/{ruleName}',
  operationId: 'putFraudRule',
  summary: 'Change a rule’s weight or switch (Atesta addition)',
  description: 'For every analysis, or for one `rulesGroup`, which then overrides the general setting. `null` returns to the default (both null removes the setting). A hard stop stays a hard stop; switching the rule off is the only way to silence it. Console users need the admin role.',
  params: z.object({ ruleName: z.enum(RULES.map((r) => r.name) as [string, ...string[]]) }),
  body: { schema: z.object({ rulesGroup: rulesGroup.optional(), weight: z.number().int().min(0).max(100).nullable(), enabled: z.boolean().nullable() }) },
  responses: { 200: { description: 'The rule as it now applies', schema: ruleStateSchema } },
});
