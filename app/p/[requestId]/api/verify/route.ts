import { flowVerify } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { requireStepSession, verifyCode } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowVerify, async ({ req, params, body }) => json(await verifyCode(await requireStepSession(req, params.requestId), body.code))),
});
