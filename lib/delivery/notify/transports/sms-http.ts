import { toE164 } from '../recipients';
import { PermanentSendError, type Transport } from './types';

async function check(res: Response, provider: string): Promise<unknown> {
  const text = await res.text();
  if (res.ok) {
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
  const detail = `${provider} answered HTTP ${res.status}`;
  // 4xx other than rate limiting will not get better by retrying.
  if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentSendError(detail);
  throw new Error(detail);
}

/** Twilio's Messages API (or any API compatible with it, via SMS_TWILIO_BASE_URL). */
export function twilioTransport(opts: { baseUrl: string; accountSid: string; authToken: string; from: string }): Transport {
  return {
    name: 'sms-twilio',
    async send(m) {
      const url = `${opts.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: toE164(m.to), From: opts.from, Body: m.text }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await check(res, 'SMS provider')) as { sid?: string };
      return { providerId: body.sid };
    },
  };
}

/** A generic JSON provider: POST {to, from, text, id} with an optional Bearer token. */
export function httpSmsTransport(opts: { url: string; token?: string; from?: string }): Transport {
  return {
    name: 'sms-http',
    async send(m) {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        body: JSON.stringify({ id: m.id, to: toE164(m.to), from: opts.from, text: m.text }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await check(res, 'SMS provider')) as { id?: string };
      return { providerId: body.id };
    },
  };
}
