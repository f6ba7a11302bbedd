import crypto from 'node:crypto';
import { consoleCookieHeader, consoleLogin, createApiKey, createClient, createIntegrator, createUser, login, type Role } from '../platform/auth';
import { getConfig } from '../platform/config';
import { getDb } from '../platform/db';

export interface SeededIntegrator {
  integratorId: string;
  username: string;
  password: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

/** A tenant with an admin user, an API key and an OAuth client, all with known secrets. */
export async function seedIntegrator(options: { role?: Role; clientScope?: string } = {}): Promise<SeededIntegrator> {
  // Letters only: the integrator's name is in the SMS and e-mail texts, where tests look for the code's six digits.
  const tag = crypto.randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
  const db = await getDb();
  const integrator = await createIntegrator(db, `Test ${tag}`);
  const username = `user.${tag}`;
  const password = `pw-${crypto.randomBytes(12).toString('hex')}`;
  await createUser(db, integrator.id, username, password, options.role ?? 'admin');
  const key = await createApiKey(db, integrator.id, 'test');
  const client = await createClient(integrator.id, 'test', options.clientScope ?? 'import');
  return {
    integratorId: integrator.id,
    username,
    password,
    apiKey: key.key,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    webhookSecret: integrator.webhookSecret,
  };
}

/** `Authorization: Bearer` headers for a user of a seeded tenant. */
export async function bearerHeaders(who: { username: string; password: string }): Promise<Record<string, string>> {
  const tokens = await login({ username: who.username, password: who.password, style: 'api' });
  return { authorization: `Bearer ${tokens.access_token}` };
}

/** Headers of a signed-in console page's fetch: the session cookie, and this site's Origin (state changes need it). */
export async function consoleHeaders(who: { username: string; password: string }): Promise<Record<string, string>> {
  const { sessionId, maxAgeSeconds } = await consoleLogin(who.username, who.password);
  const cookie = consoleCookieHeader(sessionId, maxAgeSeconds).split(';')[0]!;
  return { cookie, origin: new URL(getConfig().publicUrl).origin };
}
