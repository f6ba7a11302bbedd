import { describe, expect, it } from 'vitest';
import { backends, call } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { POST as login } from '@/app/services/api/v1/authentication/route';
import { POST as refreshApi } from '@/app/services/api/v1/authentication/refresh/route';
import { POST as logout } from '@/app/services/api/v1/authentication/logout/route';
import { POST as oauthToken } from '@/app/oauth/token/route';
import { GET as listKeys } from '@/app/services/api/v1/api-keys/route';

/**
 * Refresh-token rotation with reuse detection (RFC 9700 section 4.14.2): each
 * refresh token is good once; presenting a spent one again revokes the whole
 * session (its family), so the thief and the holder both lose it and must log
 * in again. Failures are RFC 6749's 400 `invalid_grant`; the family's access
 * tokens then answer 401 `invalid_token`.
 */
type Tokens = { access_token: string; refresh_token: string; session_state: string };
const REDEEM: [string, (token: string) => ReturnType<typeof call>][] = [
  ['/services/api/v1/authentication/refresh', (token) => call(refreshApi, '/x', { json: { refresh_token: token } })],
  ['/oauth/token grant refresh_token', (token) => call(oauthToken, '/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: token } })],
];

describe.each(backends())('refresh-token reuse on %s', (backend) => {
  const ctx = withTestIntegrator({ backend });

  const signIn = async (): Promise<Tokens> => (await call(login, '/x', { json: { username: ctx.tenant.username, password: ctx.tenant.password }, ip: `10.9.${Math.floor(Math.random() * 250)}.1` })).data as Tokens;
  const usable = async (access: string) => (await call(listKeys, '/x', { headers: { authorization: `Bearer ${access}` } })).status;
  const expectInvalidGrant = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status, res.text).toBe(400);
    expect([res.data.code, res.data.error]).toEqual(['invalid_grant', 'invalid_grant']);
  };

  describe.each(REDEEM)('%s', (_name, redeem) => {
    it('a rotated token used again fails and revokes the family: the newest refresh token and every access token die; other sessions live', async () => {
      const first = await signIn();
      const bystander = await signIn();
      const second = (await redeem(first.refresh_token)).data as Tokens;
      const third = (await redeem(second.refresh_token)).data as Tokens;
      expect(third.session_state).toBe(first.session_state);
      expect(await usable(third.access_token)).toBe(200);

      const replay = await redeem(first.refresh_token);
      expectInvalidGrant(replay);
      expect(replay.data.detail).toMatch(/already used; the session has been revoked/);
      expectInvalidGrant(await redeem(third.refresh_token));
      for (const access of [first.access_token, second.access_token, third.access_token]) expect(await usable(access)).toBe(401);

      expect(await usable(bystander.access_token)).toBe(200);
      expect((await redeem(bystander.refresh_token)).status).toBe(200);
    });

    it('two redemptions of one token at once: one wins, the other is reuse and revokes the family', async () => {
      const tokens = await signIn();
      const results = await Promise.all([redeem(tokens.refresh_token), redeem(tokens.refresh_token)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const winner = results.find((r) => r.status === 200)!.data as Tokens;
      expectInvalidGrant(await redeem(winner.refresh_token));
      expect(await usable(winner.access_token)).toBe(401);
    });

    it('a logged-out session and an unknown token give nothing', async () => {
      const tokens = await signIn();
      expect((await call(logout, '/x', { json: { refresh_token: tokens.refresh_token } })).status).toBe(204);
      expectInvalidGrant(await redeem(tokens.refresh_token));
      expectInvalidGrant(await redeem('not-a-token-we-issued'));
    });
  });

  it('reuse is detected across both endpoints', async () => {
    const [[, viaServices], [, viaOauth]] = [REDEEM[0]!, REDEEM[1]!];
    const first = await signIn();
    const second = (await viaServices(first.refresh_token)).data as Tokens;
    expectInvalidGrant(await viaOauth(first.refresh_token));
    expectInvalidGrant(await viaServices(second.refresh_token));
  });
});
