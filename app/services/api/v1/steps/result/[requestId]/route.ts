import * as contract from '@/lib/api/contracts/steps';
import { handle, json, methods } from '@/lib/platform/http';
import { bearerResultWithImages } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.bearerResult, async ({ principal, params }) => json(await bearerResultWithImages(principal.integratorId, params.requestId))),
});
