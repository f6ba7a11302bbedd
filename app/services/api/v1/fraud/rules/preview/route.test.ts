import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/platform/db';
import { POST as preview } from './route';
import { DELETE as allow, PUT as deny } from '../../deny-list/[cpf]/route';
import { GET as listDenied } from '../../deny-list/route';
import { rulePreviewSchema } from '@/lib/api/contracts/fraud-admin';
import { recordAnalysis } from '@/lib/engines/fraud';
import { createUser } from '@/lib/platform/auth';
import { bearerHeaders, call, consoleHeaders } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

const URL = '/services/api/v1/fraud/rules/preview';
const CPF = '52998224725';

describe('rule preview and deny-list writes: admin only, by token or console cookie', () => {
  const t = withTestIntegrator();
  let n = 0;
  const colleague = async (role: 'analyst' | 'viewer') => {
    const who = { username: `${role}${++n}.${t.tenant.username}`, password: `${t.tenant.password}-${role}` };
    await createUser(await getDb(), t.tenant.integratorId, who.username, who.password, role);
    return who;
  };
  beforeAll(async () => {
    const penalties = [{ rulesName: 'DOCUMENTO_VENCIDO', rulesPenalty: 30, hardStop: false, message: 'vencido' }];
    await recordAnalysis({ integratorId: t.tenant.integratorId, methodName: 'fraud.analysis', cpf: CPF, score: 70, hardStop: false, penalties, totalTimeMs: 9 });
  });

  it('previews with a token and with the console cookie, in the documented shape', async () => {
    const json = { rules: [{ ruleName: 'DOCUMENTO_VENCIDO', weight: 60 }] };
    const byToken = await call(preview, URL, { headers: await bearerHeaders(t.tenant), json });
    expect(byToken.status, byToken.text).toBe(200);
    const body = rulePreviewSchema.parse(byToken.data);
    expect(body).toMatchObject({ analysed: 1, changed: 1, transitions: [{ from: 'review', to: 'rejected', count: 1 }] });
    const byCookie = await call(preview, URL, { headers: await consoleHeaders(t.tenant), json });
    expect(byCookie.data).toEqual(byToken.data);
    const badRule = await call(preview, URL, { headers: await bearerHeaders(t.tenant), json: { rules: [{ ruleName: 'NAO_EXISTE', weight: 1 }] } });
    expect(badRule.status).toBe(400);
    const badWeight = await call(preview, URL, { headers: await bearerHeaders(t.tenant), json: { rules: [{ ruleName: 'DOCUMENTO_VENCIDO', weight: 101 }] } });
    expect(badWeight.status).toBe(400);
  });

  it('refuses analysts and viewers, and a cookie sent from another site', async () => {
    const json = { rules: [] };
    for (const role of ['analyst', 'viewer'] as const) {
      const res = await call(preview, URL, { headers: await consoleHeaders(await colleague(role)), json });
      expect(res.status).toBe(403);
      expect(res.data.code).toBe('forbidden_role');
    }
    const crossSite = await call(preview, URL, { headers: { ...(await consoleHeaders(t.tenant)), origin: 'https://evil.example' }, json });
    expect(crossSite.status).toBe(403);
  });

  it('only an admin changes the deny list; every role reads it', async () => {
    const params = { cpf: CPF };
    const path = `/services/api/v1/fraud/deny-list/${CPF}`;
    const analyst = await consoleHeaders(await colleague('analyst'));
    expect((await call(deny, path, { method: 'PUT', headers: analyst, json: { reason: 'x' }, params })).status).toBe(403);
    const admin = await consoleHeaders(t.tenant);
    expect((await call(deny, path, { method: 'PUT', headers: admin, json: { reason: 'chargeback' }, params })).status).toBe(200);
    expect((await call(allow, path, { method: 'DELETE', headers: analyst, params })).status).toBe(403);
    const viewer = await consoleHeaders(await colleague('viewer'));
    expect((await call(listDenied, '/services/api/v1/fraud/deny-list', { headers: viewer })).data.items).toEqual([expect.objectContaining({ cpf: CPF, reason: 'chargeback' })]);
    expect((await call(allow, path, { method: 'DELETE', headers: admin, params })).status).toBe(204);
  });
});
