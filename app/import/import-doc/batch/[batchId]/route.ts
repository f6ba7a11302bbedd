import { getBatch } from '@/lib/processes/batch';
import * as contract from '@/lib/api/contracts/batch';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getBatch, async ({ principal, params }) => json(await getBatch(principal.integratorId, params.batchId))),
});
