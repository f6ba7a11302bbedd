import { createBatch } from '@/lib/batch';
import * as contract from '@/lib/contracts/batch';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.createBatch, async ({ principal, body }) => {
    const { batchId, created } = await createBatch(principal.integratorId, body);
    return json({ message: created ? 'Batch received; its documents are being analysed.' : 'Batch already received (same batchExternalId and content).', batchId }, 201);
  }),
});
