import type { Transport } from './types';

/**
 * The embedded default when no real transport is configured: the message
 * stays in the database and is shown at /dev/outbox. Sending is marking it sent.
 */
export const outboxTransport: Transport = {
  name: 'outbox',
  async send() {
    return {};
  },
};
