import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '../config';

/** URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string | Buffer): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** `digits` random decimal digits from the CSPRNG (codes people type). */
export function numericCode(digits = 6): string {
  return String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * HMAC-SHA256 (hex) under the master key: how short codes are stored, so a
 * leaked table does not give them away (a plain hash of six digits would).
 */
export function keyedDigest(text: string): string {
  return crypto.createHmac('sha256', masterKey()).update(text).digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}

const KEY = Symbol.for('atesta.masterKey');
type Holder = { [KEY]?: Buffer };

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('ATESTA_MASTER_KEY must be 32 bytes, in base64 or hex.');
  return key;
}

/**
 * The key that encrypts secrets and biometric data at rest. Production sets
 * ATESTA_MASTER_KEY (the same on every host); the embedded default keeps a
 * generated key in `<DATA_DIR>/master.key`, readable by its owner only.
 */
export function masterKey(): Buffer {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const config = getConfig();
  let key: Buffer;
  if (config.ATESTA_MASTER_KEY) {
    key = parseKey(config.ATESTA_MASTER_KEY);
  } else {
    const file = path.resolve(config.DATA_DIR, 'master.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = parseKey(fs.readFileSync(file, 'utf8'));
  }
  holder[KEY] = key;
  return key;
}

export function resetMasterKey(): void {
  delete (globalThis as Holder)[KEY];
}

const keyId = (key: Buffer) => sha256Hex(key).slice(0, 8);

/** AES-256-GCM; the output names the key it was sealed with, so a wrong key fails loudly. */
export function seal(plain: string | Buffer, key = masterKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `v1.${keyId(key)}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function open(sealed: string, key = masterKey()): Buffer {
  const [version, id, data] = sealed.split('.');
  if (version !== 'v1' || !data) throw new Error('Unknown sealed format');
  if (id !== keyId(key)) throw new Error('Sealed with a different master key');
  const raw = Buffer.from(data, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export function openText(sealed: string, key = masterKey()): string {
  return open(sealed, key).toString('utf8');
}
