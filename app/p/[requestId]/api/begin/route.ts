import { flowBegin } from '@/lib/api/contracts/flow-routes';
import { handle, methods } from '@/lib/platform/http';
import { pickLocale } from '@/lib/platform/i18n';
import { begin, requireStepSession } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowBegin, async ({ req, params, body }) => {
    const process = await requireStepSession(req, params.requestId);
    await begin(process, { consent: body.consent, channel: body.channel, locale: pickLocale(body.lang, req.headers.get('accept-language')) });
    return new Response(null, { status: 204 });
  }),
});
