import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import { RULES } from '@/lib/engines/fraud/shared';

const common = { tags: ['Fraud'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const] };
const cpfParam = z.object({ cpf: z.string().regex(/^\d{11}$/, 'CPF must be 11 digits') });
const rulesGroup = z.string().max(60).regex(/^[\w.-]+$/);
const ruleName = z.enum(RULES.map((r) => r.name) as [string, ...string[]]);

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
  description: 'Console users need the admin role.',
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
  params: z.object({ ruleName }),
  body: { schema: z.object({ rulesGroup: rulesGroup.optional(), weight: z.number().int().min(0).max(100).nullable(), enabled: z.boolean().nullable() }) },
  responses: { 200: { description: 'The rule as it now applies', schema: ruleStateSchema } },
});

const decision = z.enum(['approved', 'review', 'rejected', 'blacklisted']);
const decisionCounts = z.object({ approved: z.number(), review: z.number(), rejected: z.number(), blacklisted: z.number() });

export const rulePreviewSchema = z
  .object({
    rulesGroup: z.string(),
    analysed: z.number().int().meta({ description: 'Analyses looked at: the last 100 of the rulesGroup (of every group for the general settings).' }),
    thresholds: z.object({ approveScore: z.number(), rejectScore: z.number() }).meta({ description: 'The onboarding thresholds the decisions are taken with.' }),
    changed: z.number().int().meta({ description: 'Analyses whose decision changes.' }),
    transitions: z.array(z.object({ from: decision, to: decision, count: z.number().int() })),
    decisions: z.object({ before: decisionCounts, after: decisionCounts }),
    histogram: z.object({ before: z.array(z.number()), after: z.array(z.number()) }).meta({ description: 'Scores in ten buckets of ten points (the last one 90 to 100).' }),
    median: z.object({ before: z.number().nullable(), after: z.number().nullable() }),
    unknownEffect: z.array(z.string()).meta({ description: 'Rules switched on that were off: whether they would have fired was not recorded, so they change nothing here.' }),
    affected: z.array(
      z.object({
        batchId: z.number().int(),
        createdAt: z.string().meta({ description: 'ISO 8601.' }),
        scoreBefore: z.number(),
        scoreAfter: z.number(),
        decisionBefore: decision,
        decisionAfter: decision,
      }),
    ),
  })
  .meta({ id: 'FraudRulePreview' });

export const previewRules = defineContract({
  ...common,
  method: 'POST',
  path: '/services/api/v1/fraud/rules/preview',
  operationId: 'previewFraudRules',
  summary: 'Preview a change of rule weights on past analyses (Atesta addition)',
  description:
    'Changes nothing. Weighs the penalties that fired in the last 100 stored analyses of the `rulesGroup` (every analysis for the general settings, except where a group overrides the rule) under the settings in force and under the proposed ones, and decides both with the onboarding thresholds: how many decisions change, and the score distribution before and after. Console users need the admin role.',
  body: {
    schema: z.object({
      rulesGroup: rulesGroup.optional(),
      rules: z.array(z.object({ ruleName, weight: z.number().int().min(0).max(100).optional(), enabled: z.boolean().optional() })).max(RULES.length),
    }),
  },
  responses: { 200: { description: 'The effect of the change', schema: rulePreviewSchema } },
});

/** As the console's browser code receives them. */
export type FraudRule = z.infer<typeof ruleStateSchema>;
export type FraudRulePreview = z.infer<typeof rulePreviewSchema>;
