import { createBatch } from '@/lib/processes/batch';
import * as contract from '@/lib/api/contracts/batch';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.createBatch, async ({ principal, req }) => {
    const { batchId, created } = await createBatch(principal.integratorId, req.body);
    return json({ message: created ? 'Batch received; its documents are being analysed.' : 'Batch already received (same batchExternalId and content).', batchId }, 201);
  }),
});
