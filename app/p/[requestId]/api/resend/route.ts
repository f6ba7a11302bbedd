import { flowResend } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { pickLocale } from '@/lib/i18n';
import { requireStepSession, resendCode } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowResend, async ({ req, params, body }) =>
    json(await resendCode(await requireStepSession(req, params.requestId), pickLocale(body.lang, req.headers.get('accept-language')), body.channel)),
  ),
});
