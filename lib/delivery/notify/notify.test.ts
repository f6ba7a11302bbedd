import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { resetConfig } from '../../platform/config';
import { getDb, schema } from '../../platform/db';
import { backends, call, codeIn, createTestDatabase, startReceiver, type TestDatabase } from '../../testing';
import { GET as outboxApi } from '@/app/dev/outbox/messages/route';
import { channelAvailable, deliverMessage, listOutbox, maskEmail, maskPhone, queueMessage, render } from '.';

const ENV_KEYS = ['SMTP_URL', 'SMS_PROVIDER', 'SMS_FROM', 'SMS_TWILIO_ACCOUNT_SID', 'SMS_TWILIO_AUTH_TOKEN', 'SMS_TWILIO_BASE_URL', 'SMS_HTTP_URL', 'SMS_HTTP_TOKEN', 'DEV_OUTBOX', 'NODE_ENV'];
function withEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetConfig();
}

async function queue(channel: 'sms' | 'email', to: string, code = '123456') {
  const db = await getDb();
  return db.transaction((tx) => queueMessage(tx, { channel, to, template: 'verification_code', code, minutes: 10 }));
}

async function messageRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.messages).where(eq(schema.messages.id, id));
  return row!;
}

describe('templates and masking', () => {
  it('renders short pt-BR and English texts', () => {
    expect(render('verification_code', 'pt-BR', { code: '123456', minutes: 10 }).text).toBe('Seu código Atesta é 123456. Não compartilhe. Válido por 10 min.');
    expect(render('mfa_code', 'en', { code: '654321', minutes: 5 }).text).toContain('654321');
  });
  it('masks Brazilian phones and e-mails for end users', () => {
    expect(maskPhone('11987654321')).toBe('(11) •••••-4321');
    expect(maskPhone('5511987654321')).toBe('(11) •••••-4321');
    expect(maskPhone('1133334444')).toBe('(11) ••••-4444');
    expect(maskEmail('maria@example.com')).toBe('m•••@example.com');
  });
});

describe.each(backends())('messages on %s', (backend) => {
  let db: TestDatabase;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    db = await createTestDatabase(backend);
  });
  afterEach(() => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    resetConfig();
  });
  afterAll(async () => db.close());

  it('without transports, keeps codes in the local outbox, readable through the API, newest first, filtered by recipient', async () => {
    withEnv({ NODE_ENV: 'development' });
    // A few milliseconds apart: the outbox orders by creation time, and PGlite's clock can give two inserts in the
    // same millisecond one timestamp (the order of those is then undefined: seen once in CI).
    const apart = () => new Promise((resolve) => setTimeout(resolve, 5));
    const first = await queue('sms', '11987654321', '111111');
    await apart();
    const second = await queue('email', 'Maria@Example.com', '222222');
    await apart();
    const third = await queue('sms', '(11) 98765-4321', '333333');
    for (const id of [first, second, third]) expect(await deliverMessage(id)).toBe('sent');
    expect((await messageRow(first)).bodyEnc).not.toContain('111111'); // sealed at rest

    const all = await call(outboxApi, '/dev/outbox/messages');
    expect(all.status).toBe(200);
    const mine = all.data.messages.filter((m: { id: string }) => [first, second, third].includes(m.id));
    expect(mine.map((m: { body: string }) => codeIn(m.body))).toEqual(['333333', '222222', '111111']);
    expect(mine[0]).toEqual({ id: third, to: '11987654321', channel: 'sms', subject: 'Seu código Atesta', body: 'Seu código Atesta é 333333. Não compartilhe. Válido por 10 min.', status: 'sent', createdAt: expect.any(String) });
    const byPhone = await call(outboxApi, '/dev/outbox/messages?to=5511987654321');
    expect(byPhone.data.messages.map((m: { id: string }) => m.id)).toEqual([third, first]);
    const byEmail = await call(outboxApi, `/dev/outbox/messages?to=${encodeURIComponent('maria@example.com')}`);
    expect(byEmail.data.messages.map((m: { id: string }) => m.id)).toEqual([second]);
  });

  it('disables the outbox in production unless explicitly enabled, and then refuses to queue', async () => {
    withEnv({ NODE_ENV: 'production' });
    expect(channelAvailable('sms')).toBe(false);
    const res = await call(outboxApi, '/dev/outbox/messages');
    expect(res.status).toBe(404);
    await expect(queue('sms', '11987654321')).rejects.toMatchObject({ status: 503, code: 'sms_not_configured' });
    withEnv({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
    expect((await call(outboxApi, '/dev/outbox/messages')).status).toBe(200);
  });

  it('delivers e-mail over SMTP to a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      withEnv({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, NODE_ENV: 'production' });
      const id = await queue('email', 'ana@example.com', '424242');
      expect(await deliverMessage(id)).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['ana@example.com']);
      expect(received[0]!.data).toMatch(/Subject: =\?UTF-8\?Q\?Seu_c=C3=B3digo_Atesta\?=|Subject: Seu c/);
      expect(received[0]!.data).toContain('424242');
      expect(await messageRow(id)).toMatchObject({ status: 'sent', transport: 'smtp' });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('sends SMS through a Twilio-compatible API', async () => {
    const provider = await startReceiver(() => ({ status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sid: 'SM123' }) }));
    try {
      withEnv({ SMS_PROVIDER: 'twilio', SMS_TWILIO_ACCOUNT_SID: 'AC1', SMS_TWILIO_AUTH_TOKEN: 'tok', SMS_FROM: '+5511900000000', SMS_TWILIO_BASE_URL: provider.url, NODE_ENV: 'production' });
      const id = await queue('sms', '21987654321', '777777');
      expect(await deliverMessage(id)).toBe('sent');
      const [sent] = provider.calls;
      expect(sent!.headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
      const form = new URLSearchParams(sent!.body);
      expect(form.get('To')).toBe('+5521987654321');
      expect(form.get('From')).toBe('+5511900000000');
      expect(form.get('Body')).toContain('777777');
      expect(await messageRow(id)).toMatchObject({ status: 'sent', transport: 'sms-twilio', providerId: 'SM123' });
    } finally {
      await provider.close();
    }
  });

  it('retries transient provider failures and gives up on permanent ones', async () => {
    const provider = await startReceiver((_c, i) => (i === 0 ? { status: 503 } : i === 1 ? { status: 200, body: '{"id":"x1"}' } : { status: 400 }));
    try {
      withEnv({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `${provider.url}/send`, SMS_HTTP_TOKEN: 't0k', NODE_ENV: 'production' });
      const id = await queue('sms', '11987654321');
      await expect(deliverMessage(id)).rejects.toThrow(/503/);
      expect(await deliverMessage(id)).toBe('sent');
      expect(JSON.parse(provider.calls[1]!.body)).toMatchObject({ to: '+5511987654321', text: expect.stringContaining('123456') });
      expect(provider.calls[1]!.headers.authorization).toBe('Bearer t0k');
      const bad = await queue('sms', '11987654321');
      expect(await deliverMessage(bad)).toBe('failed');
      expect(await messageRow(bad)).toMatchObject({ status: 'failed', lastError: 'SMS provider answered HTTP 400' });
    } finally {
      await provider.close();
    }
  });

  it('listOutbox ignores an unparseable filter instead of failing', async () => {
    withEnv({ NODE_ENV: 'development' });
    expect(await listOutbox({ to: 'abc', limit: 5 })).toEqual([]);
  });
});
