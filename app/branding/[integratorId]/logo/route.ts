import { isUuid } from '@/lib/platform/db';
import { notFound } from '@/lib/platform/errors';
import { requestIdOf, toErrorResponse } from '@/lib/platform/http';
import { getLogger } from '@/lib/platform/log';
import { getLogo } from '@/lib/platform/settings';

/** The integrator's logo for hosted pages (public: it is shown to end users). */
export async function GET(req: Request, ctx: { params: Promise<{ integratorId: string }> }) {
  const { integratorId } = await ctx.params;
  try {
    const logo = isUuid(integratorId) ? await getLogo(integratorId) : undefined;
    if (!logo) throw notFound('not_found', 'No logo.');
    return new Response(new Uint8Array(logo.bytes), {
      headers: { 'content-type': logo.mime, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' },
    });
  } catch (err) {
    return toErrorResponse(err, requestIdOf(req), new URL(req.url).pathname, getLogger());
  }
}
