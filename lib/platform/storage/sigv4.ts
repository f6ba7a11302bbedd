/**
 * AWS Signature Version 4 for S3 requests whose payload is sent in a single
 * chunk ("signed payload"). Pure: the caller passes the date, so the published
 * AWS examples can be reproduced byte for byte.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigV4Request {
  method: string;
  /** The URL as it is sent: its pathname already URI-encoded (see uriEncode). */
  url: URL;
  /** Extra headers to sign and send (e.g. content-type); names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, sent as x-amz-content-sha256. */
  payloadHash: string;
}

export const EMPTY_PAYLOAD_HASH = sha256Hex('');

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * S3's UriEncode: every byte but A-Z a-z 0-9 - . _ ~ is %XX (upper case);
 * encodeURIComponent leaves !'()* alone, so those are encoded here too.
 */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** 20130524T000000Z: the ISO 8601 basic form SigV4 wants. */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * The request's headers with host, x-amz-date, x-amz-content-sha256 and
 * Authorization added (all names lower case).
 */
export function signV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  region: string,
  service: string,
  date: Date,
): Record<string, string> {
  const timestamp = amzDate(date);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers.host = request.url.host;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = request.payloadHash;

  const { canonical, signedHeaders } = canonicalRequest(request, headers);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonical)].join('\n');
  const key = signingKey(credentials.secretAccessKey, day, region, service);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

function canonicalRequest(request: SigV4Request, headers: Record<string, string>) {
  const names = Object.keys(headers).sort();
  // Values are trimmed and inner runs of spaces collapsed, as the spec says.
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/ +/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonical = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/** Query parameters URI-encoded and sorted by name, then value; "?lifecycle" becomes "lifecycle=". */
function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  let key = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return key;
}
