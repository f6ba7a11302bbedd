import * as contract from '@/lib/api/contracts/fraud-admin';
import { ruleCatalogue, setRule } from '@/lib/engines/fraud';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: handle(contract.putRule, async ({ principal, params, body }) => {
    await setRule(principal.integratorId, params.ruleName, body.rulesGroup ?? '', { weight: body.weight, enabled: body.enabled });
    const rules = await ruleCatalogue(principal.integratorId, body.rulesGroup);
    return json(rules.find((r) => r.name === params.ruleName));
  }),
});
