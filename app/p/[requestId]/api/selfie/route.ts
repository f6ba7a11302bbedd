import { flowSelfie } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { pickLocale } from '@/lib/platform/i18n';
import { requireStepSession, submitSelfie } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowSelfie, async ({ req, params, body }) => {
    const process = await requireStepSession(req, params.requestId);
    const { lang, ...submission } = body;
    return json(await submitSelfie(process, submission, pickLocale(lang, req.headers.get('accept-language'))));
  }),
});
