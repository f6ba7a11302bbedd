import * as contract from '@/lib/contracts/fraud-admin';
import { previewRuleChange } from '@/lib/onboarding';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.previewRules, async ({ principal, body }) => {
    return json(await previewRuleChange(principal.integratorId, body.rulesGroup ?? '', body.rules));
  }),
});
