import { getConfig } from '../../platform/config';
import { AppError, unprocessable } from '../../platform/errors';
import { getLogger } from '../../platform/log';
import { ACCEPTED, displayName, MIME, sniff, type SniffedType } from './sniff';

export interface DecodedFile {
  /** The request field it came from, for error messages (e.g. `imageFront`). */
  field: string;
  bytes: Buffer;
  type: 'jpeg' | 'png' | 'pdf';
  mime: string;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * A `file` field of a JSON body: a data URL `data:<mime>;base64,<data>` or bare
 * base64. The bytes decide the type; JPEG, PNG and PDF are accepted.
 */
export function decodeFileField(value: string, field: string, accepted: SniffedType[] = ACCEPTED): DecodedFile {
  let declared: string | undefined;
  let payload = value;
  const m = DATA_URL.exec(value);
  if (m) {
    declared = m[1]?.toLowerCase() || undefined;
    if (!/;base64/i.test(m[2] ?? '')) throw unprocessable('invalid_file', `${field}: a data URL must be base64 encoded (data:<mime>;base64,<data>).`, { errors: [{ pointer: `/${field}`, message: 'not base64' }] });
    payload = value.slice(m[0].length);
  }
  payload = payload.replace(/\s+/g, '');
  if (!payload) throw unprocessable('invalid_file', `${field} is empty.`, { errors: [{ pointer: `/${field}`, message: 'empty' }] });
  if (!BASE64.test(payload) || payload.replace(/=+$/, '').length % 4 === 1) {
    throw unprocessable('invalid_base64', `${field} is not valid base64.`, { errors: [{ pointer: `/${field}`, message: 'malformed base64' }] });
  }
  const limit = getConfig().MEDIA_MAX_FILE_BYTES;
  // Checked on the encoded length, before allocating the decoded buffer.
  if (Math.floor((payload.length * 3) / 4) > limit + 2) {
    throw new AppError(413, 'file_too_large', `${field} is larger than ${Math.round(limit / 1024 / 1024)} MB.`, { extensions: { limit } });
  }
  return checkFileBytes(Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64'), field, accepted, declared);
}

/**
 * A file's bytes, however they arrived (base64 field, a file on disk, the
 * object store): the type told from the bytes and checked (415 naming what
 * was found); a declared type that disagrees is logged and the bytes win.
 */
export function checkFileBytes(bytes: Buffer, field: string, accepted: SniffedType[] = ACCEPTED, declared?: string): DecodedFile {
  const type = sniff(bytes);
  if (!accepted.includes(type)) {
    const allowed = accepted.map((t) => t.toUpperCase()).join(', ');
    throw new AppError(415, 'unsupported_media_type', `${field} is ${displayName(type)}; send ${allowed}.`, {
      errors: [{ pointer: `/${field}`, message: `found ${displayName(type)}` }],
      extensions: { found: MIME[type] },
    });
  }
  if (declared && declared !== MIME[type] && !(declared === 'image/jpg' && type === 'jpeg')) {
    getLogger().warn({ field, declared, found: MIME[type] }, 'declared file type disagrees with its bytes; the bytes win');
  }
  return { field, bytes, type: type as DecodedFile['type'], mime: MIME[type] };
}
