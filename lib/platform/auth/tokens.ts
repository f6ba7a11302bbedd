import { SignJWT, jwtVerify, decodeProtectedHeader, errors as joseErrors } from 'jose';
import { getConfig } from '../config';
import { randomToken } from '../crypto';
import { unauthorized } from '../errors';
import { JWT_ALG, forgetSigningKeys, signingKeys } from './signing-keys';

export const AUDIENCE = 'atesta';

export interface AccessClaims {
  sub: string;
  tid: string;
  sid: string;
  scope: string;
  kind: 'user' | 'client';
}

export async function signAccessToken(claims: AccessClaims, ttlSeconds: number): Promise<string> {
  const [key] = await signingKeys();
  return new SignJWT({ tid: claims.tid, sid: claims.sid, scope: claims.scope, kind: claims.kind, typ: 'Bearer' })
    .setProtectedHeader({ alg: JWT_ALG, kid: key!.kid, typ: 'at+jwt' })
    .setIssuer(getConfig().publicUrl)
    .setAudience(AUDIENCE)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setJti(randomToken(16))
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key!.privateKey);
}

const invalid = (detail: string) => unauthorized('invalid_token', detail);

/** Verifies signature, issuer, audience and expiry; the session itself is checked by the guard. */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw invalid('The access token is malformed.');
  }
  let keys = await signingKeys();
  if (!keys.some((k) => k.kid === kid)) {
    forgetSigningKeys(); // rotated by another process since we cached
    keys = await signingKeys();
  }
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw invalid('The access token was not signed by this service.');
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [JWT_ALG],
      issuer: getConfig().publicUrl,
      audience: AUDIENCE,
      typ: 'at+jwt',
    });
    const { sub, tid, sid, scope, kind } = payload as Partial<AccessClaims>;
    if (!sub || !tid || !sid || typeof scope !== 'string' || (kind !== 'user' && kind !== 'client')) {
      throw invalid('The access token lacks required claims.');
    }
    return { sub, tid, sid, scope, kind };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw invalid('The access token has expired; obtain a new one with the refresh token.');
    if (err instanceof joseErrors.JOSEError) throw invalid('The access token is invalid.');
    throw err;
  }
}
