import { getBatch } from '@/lib/batch';
import * as contract from '@/lib/contracts/batch';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getBatch, async ({ principal, params }) => json(await getBatch(principal.integratorId, params.batchId))),
});
