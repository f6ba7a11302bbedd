import * as contract from '@/lib/api/contracts/face';
import { matchImages } from '@/lib/engines/face';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.faceMatch, async ({ body, principal }) => json(await matchImages(body.imageA, body.imageB, principal.integratorId))),
});
