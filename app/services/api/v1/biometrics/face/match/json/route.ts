import * as contract from '@/lib/contracts/face';
import { matchImages } from '@/lib/face';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.faceMatch, async ({ body, principal }) => json(await matchImages(body.imageA, body.imageB, principal.integratorId))),
});
