import { flowVerify } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { requireStepSession, verifyCode } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowVerify, async ({ req, params, body }) => json(await verifyCode(await requireStepSession(req, params.requestId), body.code))),
});
