export interface OutgoingMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

export interface SendResult {
  providerId?: string;
}

/** A real way out: SMTP, an SMS provider, or the local outbox. */
export interface Transport {
  name: string;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** A failure that retrying will not fix (bad number, rejected credentials). */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}
