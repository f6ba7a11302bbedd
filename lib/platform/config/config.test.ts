import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfig } from '.';

const KEYS = ['NODE_ENV', 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'PORT', 'PUBLIC_URL', 'DEV_OUTBOX', 'SMS_PROVIDER'];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfig();
});

function load(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  return getConfig();
}

describe('configuration', () => {
  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(load({ PORT: '4567', PUBLIC_URL: undefined }).publicUrl).toBe('http://localhost:4567');
    expect(load({ PUBLIC_URL: 'https://id.example.com/' }).publicUrl).toBe('https://id.example.com');
  });
  it('refuses WEBHOOK_ALLOW_PRIVATE_NETWORKS in production', () => {
    expect(() => load({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' })).toThrow(/refused with NODE_ENV=production/);
    expect(load({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
  });
  it('turns the local outbox off in production unless asked', () => {
    expect(load({ NODE_ENV: 'production', DEV_OUTBOX: undefined }).devOutbox).toBe(false);
    expect(load({ NODE_ENV: 'production', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(load({ NODE_ENV: undefined, DEV_OUTBOX: undefined }).devOutbox).toBe(true);
  });
  it('names a bad value clearly', () => {
    expect(() => load({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => load({ PORT: '3000', SMS_PROVIDER: 'twilio' })).toThrow(/SMS_TWILIO_ACCOUNT_SID/);
  });
});
