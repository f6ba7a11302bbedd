import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { bearerResultWithImages } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.bearerResult, async ({ principal, params }) => json(await bearerResultWithImages(principal.integratorId, params.requestId))),
});
