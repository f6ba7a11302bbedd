import * as contract from '@/lib/api/contracts/formalistic';
import { analyseFormalistic } from '@/lib/engines/formalistic';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.extractFormalistic, async ({ principal, body }) => json(await analyseFormalistic(principal.integratorId, body))),
});
