import * as contract from '@/lib/contracts/formalistic';
import { analyseFormalistic } from '@/lib/formalistic';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.extractFormalistic, async ({ principal, body }) => json(await analyseFormalistic(principal.integratorId, body))),
});
