import { flowResend } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { pickLocale } from '@/lib/platform/i18n';
import { requireStepSession, resendCode } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowResend, async ({ req, params, body }) =>
    json(await resendCode(await requireStepSession(req, params.requestId), pickLocale(body.lang, req.headers.get('accept-language')), body.channel)),
  ),
});
