import { getConfig } from '../../../platform/config';
import { outboxTransport } from './outbox';
import { smtpTransport } from './smtp';
import { httpSmsTransport, twilioTransport } from './sms-http';
import type { Transport } from './types';

export { PermanentSendError, type Transport, type OutgoingMessage } from './types';

/** The transport of a channel from configuration, or undefined when the channel is not configured. */
export function transportFor(channel: 'sms' | 'email'): Transport | undefined {
  const c = getConfig();
  if (channel === 'email') {
    if (c.SMTP_URL) return smtpTransport(c.SMTP_URL, c.SMTP_FROM);
  } else if (c.SMS_PROVIDER === 'twilio') {
    return twilioTransport({ baseUrl: c.SMS_TWILIO_BASE_URL, accountSid: c.SMS_TWILIO_ACCOUNT_SID!, authToken: c.SMS_TWILIO_AUTH_TOKEN!, from: c.SMS_FROM! });
  } else if (c.SMS_PROVIDER === 'http') {
    return httpSmsTransport({ url: c.SMS_HTTP_URL!, token: c.SMS_HTTP_TOKEN, from: c.SMS_FROM });
  }
  return c.devOutbox ? outboxTransport : undefined;
}
