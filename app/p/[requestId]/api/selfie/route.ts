import { flowSelfie } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { pickLocale } from '@/lib/i18n';
import { requireStepSession, submitSelfie } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowSelfie, async ({ req, params, body }) => {
    const process = await requireStepSession(req, params.requestId);
    const { lang, ...submission } = body;
    return json(await submitSelfie(process, submission, pickLocale(lang, req.headers.get('accept-language'))));
  }),
});
