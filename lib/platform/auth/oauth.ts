import { AppError, type ErrorCode } from '../errors';
import { authenticateClient, parseScope } from './clients';
import { grantedScope, login } from './login';
import { redeemRefreshToken, startSession, type TokenResponse } from './sessions';

export interface TokenRequest {
  grant_type?: string;
  username?: string;
  password?: string;
  refresh_token?: string;
  scope?: string;
  client_id?: string;
  client_secret?: string;
}

/** RFC 6749 section 5.2 error, as problem+json carrying `error` and `error_description`. */
export function oauthError(status: number, error: ErrorCode, detail: string, headers?: Record<string, string>): AppError {
  return new AppError(status, error, detail, { headers, extensions: { error, error_description: detail } });
}

function basicCredentials(header: string | null): { id: string; secret: string } | undefined {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  // RFC 6749 2.3.1: client id and secret are form-urlencoded inside Basic.
  return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
}

const required = (value: string | undefined, name: string) => {
  if (!value) throw oauthError(400, 'invalid_request', `The ${name} parameter is required for this grant.`);
  return value;
};

/**
 * Who a token request tries to authenticate as, for throttling: the username
 * of a password grant, the client of a client_credentials grant; undefined for
 * a refresh (its token is a 256-bit secret, nothing to guess).
 */
export function grantSubject(req: TokenRequest, authorization: string | null): string | undefined {
  if (req.grant_type === 'password') return req.username ?? '';
  if (req.grant_type === 'client_credentials') return `client:${basicCredentials(authorization)?.id ?? req.client_id ?? ''}`;
  return undefined;
}

/** `POST /oauth/token`: password, refresh_token and client_credentials grants. */
export async function tokenEndpoint(req: TokenRequest, authorization: string | null): Promise<TokenResponse> {
  switch (req.grant_type) {
    case 'password':
      return login({ username: required(req.username, 'username'), password: required(req.password, 'password'), scope: req.scope, style: 'oauth' });
    case 'refresh_token':
      return redeemRefreshToken(required(req.refresh_token, 'refresh_token'));
    case 'client_credentials': {
      const basic = basicCredentials(authorization);
      const id = basic?.id ?? req.client_id;
      const secret = basic?.secret ?? req.client_secret;
      const challenge = basic ? { 'www-authenticate': 'Basic realm="atesta"' } : undefined;
      if (!id || !secret) throw oauthError(401, 'invalid_client', 'Client authentication is required (HTTP Basic or client_id and client_secret).', challenge);
      const client = await authenticateClient(id, secret);
      if (!client) throw oauthError(401, 'invalid_client', 'Client authentication failed.', challenge);
      const scope = grantedScope(req.scope, parseScope(client.scope));
      return startSession({ integratorId: client.integratorId, clientId: client.id, scope }, false);
    }
    case undefined:
    case '':
      throw oauthError(400, 'invalid_request', 'The grant_type parameter is required.');
    default:
      throw oauthError(400, 'unsupported_grant_type', `Grant type ${req.grant_type} is not supported; use password, refresh_token or client_credentials.`);
  }
}
