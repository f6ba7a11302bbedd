import * as contract from '@/lib/api/contracts/face';
import { livenessCheck } from '@/lib/engines/face';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.faceLiveness, async ({ body, principal }) => json(await livenessCheck(body.image, principal.integratorId))),
});
