import { flowDocument } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { pickLocale } from '@/lib/platform/i18n';
import { requireStepSession, submitDocument } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowDocument, async ({ req, params, body }) => {
    const process = await requireStepSession(req, params.requestId);
    const { lang, ...submission } = body;
    return json(await submitDocument(process, submission, pickLocale(lang, req.headers.get('accept-language'))));
  }),
});
