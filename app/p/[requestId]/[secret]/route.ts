import { pickLocale } from '@/lib/platform/i18n';
import { openProcess, stepCookieHeader } from '@/lib/processes/steps';

/**
 * The requestProcessUrl. Redeems the secret for a session cookie and sends the
 * browser to the same address without it, so the secret stays out of the
 * address bar, history and Referer.
 */
export async function GET(req: Request, ctx: { params: Promise<{ requestId: string; secret: string }> }) {
  const { requestId, secret } = await ctx.params;
  const url = new URL(req.url);
  const lang = url.searchParams.get('lang');
  const opened = await openProcess(requestId, secret, pickLocale(lang, req.headers.get('accept-language')));
  // A wrong secret says "invalid link", never what became of the process it names.
  const query = new URLSearchParams({ ...(lang ? { lang } : {}), ...(opened ? {} : { link: 'invalid' }) }).toString();
  const headers = new Headers({
    location: `/p/${encodeURIComponent(requestId)}${query ? `?${query}` : ''}`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  if (opened?.token) headers.append('set-cookie', stepCookieHeader(requestId, opened.token, opened.expiresAt));
  return new Response(null, { status: 303, headers });
}
