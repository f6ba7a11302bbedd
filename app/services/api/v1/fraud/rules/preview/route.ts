import * as contract from '@/lib/api/contracts/fraud-admin';
import { previewRuleChange } from '@/lib/processes/onboarding';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.previewRules, async ({ principal, body }) => {
    return json(await previewRuleChange(principal.integratorId, body.rulesGroup ?? '', body.rules));
  }),
});
