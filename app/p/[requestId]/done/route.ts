import { completionTarget, sessionProcess, tokenFromCookies } from '@/lib/processes/steps';

/** Leaves a finished process for appRedirect (with requestId, status and signature). */
export async function GET(req: Request, ctx: { params: Promise<{ requestId: string }> }) {
  const { requestId } = await ctx.params;
  const process = await sessionProcess(requestId, tokenFromCookies(req.headers.get('cookie'))).catch(() => undefined);
  const target = process ? await completionTarget(process).catch(() => undefined) : undefined;
  return new Response(null, {
    status: 303,
    headers: { location: target ?? `/p/${encodeURIComponent(requestId)}`, 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' },
  });
}
