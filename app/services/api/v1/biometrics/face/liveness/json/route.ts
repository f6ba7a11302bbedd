import * as contract from '@/lib/contracts/face';
import { livenessCheck } from '@/lib/face';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.faceLiveness, async ({ body, principal }) => json(await livenessCheck(body.image, principal.integratorId))),
});
