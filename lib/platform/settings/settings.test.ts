import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/platform/db';
import { GET, PUT } from '@/app/services/api/v1/settings/route';
import { GET as logoGet } from '@/app/branding/[integratorId]/logo/route';
import { POST as login } from '@/app/services/api/v1/authentication/route';
import { createUser } from '../auth';
import { render } from '../../delivery/notify';
import { logoPath, senderName, updateSettings } from '.';
import { backends, call } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { brandColors, contrast } from '@/components/steps/color';

// 1x1 PNG
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends())('settings and branding on %s', (backend) => {
  const ctx = withTestIntegrator({ backend });

  it('takes page texts per language, privacy and terms links, the SMS sender name and the footer credit; refuses what it cannot show safely', async () => {
    const put = (branding: Record<string, unknown>) => call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json: { branding } });
    const ok = await put({ copy: { 'pt-BR': { introTitle: 'Abra sua conta', successText: 'Tudo certo!' }, en: { introTitle: 'Open your account' } }, privacyUrl: 'https://banco.example.com/privacidade', termsUrl: 'https://banco.example.com/termos', smsSender: 'Banco Azul', hideCredit: true });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.data.branding).toMatchObject({ copy: { 'pt-BR': { introTitle: 'Abra sua conta', successText: 'Tudo certo!' }, en: { introTitle: 'Open your account' } }, privacyUrl: 'https://banco.example.com/privacidade', smsSender: 'Banco Azul', hideCredit: true });
    expect(await senderName(await getDb(), ctx.tenant.integratorId)).toBe('Banco Azul');
    expect(render('verification_code', 'pt-BR', { code: '123456', minutes: 10, sender: await senderName(await getDb(), ctx.tenant.integratorId) }).text).toBe('Seu código Banco Azul é 123456. Não compartilhe. Válido por 10 min.');
    for (const bad of [{ privacyUrl: 'http://banco.example.com/p' }, { termsUrl: 'javascript:alert(1)' }, { smsSender: '<b>x</b>' }, { copy: { 'pt-BR': { introTitle: 'x', script: 'y' } } }, { copy: { fr: { introTitle: 'x' } } }]) {
      const r = await put(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const cleared = await put({ copy: null, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false });
    expect(cleared.data.branding).toMatchObject({ copy: {}, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false });
  });

  it('has defaults, takes partial updates, and serves the logo', async () => {
    expect((await call(GET, '/services/api/v1/settings', { headers: ctx.auth })).data).toEqual({ appOrigin: null, stepLifetimeSeconds: 86400, faceMatchThreshold: null, livenessThreshold: null, onboarding: { approveScore: 80, rejectScore: 50, confirmContacts: 'none', retentionDays: 90 }, branding: { displayName: null, primaryColor: null, supportText: null, hasLogo: false, copy: {}, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false } });
    const put = await call(PUT, '/services/api/v1/settings', {
      method: 'PUT',
      headers: ctx.auth,
      json: { appOrigin: 'https://app.example.com/', stepLifetimeSeconds: 3600, faceMatchThreshold: 70, livenessThreshold: 0.4, branding: { displayName: 'Banco Azul', primaryColor: '#1d4ed8', supportText: 'Dúvidas? 0800 000 0000', logo: `data:image/png;base64,${PNG}` } },
    });
    expect(put.status).toBe(200);
    expect(put.data).toEqual({ appOrigin: 'https://app.example.com', stepLifetimeSeconds: 3600, faceMatchThreshold: 70, livenessThreshold: 0.4, onboarding: expect.any(Object), branding: { displayName: 'Banco Azul', primaryColor: '#1d4ed8', supportText: 'Dúvidas? 0800 000 0000', hasLogo: true, copy: {}, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false } });
    const partial = await call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json: { branding: { supportText: null } } });
    const onboarding = await call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json: { onboarding: { approveScore: 90, rejectScore: 60, confirmContacts: 'given', retentionDays: 30 } } });
    expect(onboarding.data.onboarding).toEqual({ approveScore: 90, rejectScore: 60, confirmContacts: 'given', retentionDays: 30 });
    const crossed = await call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json: { onboarding: { rejectScore: 95 } } });
    expect(crossed.status).toBe(422);
    expect(crossed.data.code).toBe('invalid_thresholds');
    const reset = await call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json: { onboarding: { approveScore: null, rejectScore: null, confirmContacts: null, retentionDays: null } } });
    expect(reset.data.onboarding).toEqual({ approveScore: 80, rejectScore: 50, confirmContacts: 'none', retentionDays: 90 });
    expect(partial.data.branding).toEqual({ displayName: 'Banco Azul', primaryColor: '#1d4ed8', supportText: null, hasLogo: true, copy: {}, privacyUrl: null, termsUrl: null, smsSender: null, hideCredit: false });
    const logo = await logoGet(new Request(`http://x/branding/${ctx.tenant.integratorId}/logo`), { params: Promise.resolve({ integratorId: ctx.tenant.integratorId }) });
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // The hosted pages' logo address changes with each change of the settings (the logo is cached).
    const path = await logoPath(ctx.tenant.integratorId);
    expect(path).toMatch(new RegExp(`^/branding/${ctx.tenant.integratorId}/logo\\?v=\\d+$`));
    await new Promise((r) => setTimeout(r, 5));
    await updateSettings(ctx.tenant.integratorId, { branding: { logo: `data:image/png;base64,${PNG}` } });
    expect(await logoPath(ctx.tenant.integratorId)).not.toBe(path);
    await updateSettings(ctx.tenant.integratorId, { branding: { logo: null } });
    expect(await logoPath(ctx.tenant.integratorId)).toBeNull();
  });

  it('refuses bad values', async () => {
    const put = (json: unknown) => call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: ctx.auth, json });
    expect((await put({ appOrigin: 'http://app.example.com' })).status).toBe(400);
    expect((await put({ appOrigin: 'https://app.example.com/path' })).status).toBe(400);
    // Not a URL at all: the origin refinement used to throw (500) on it.
    expect((await put({ appOrigin: 'not a url' })).data).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await put({ branding: { primaryColor: 'red' } })).status).toBe(400);
    expect((await put({ stepLifetimeSeconds: 10 })).status).toBe(400);
    expect((await put({ faceMatchThreshold: 120 })).status).toBe(400);
    expect((await put({ livenessThreshold: 1 })).status).toBe(400);
    const svg = await put({ branding: { logo: `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}` } });
    expect(svg.data.code).toBe('invalid_logo');
    const lying = await put({ branding: { logo: `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}` } });
    expect(lying.data.code).toBe('invalid_logo');
  });

  it('only admins change settings', async () => {
    await createUser(await getDb(), ctx.tenant.integratorId, `viewer.s.${Date.now()}`, 'viewer-password-123', 'viewer');
    const { rows } = await ctx.db.database.pool.query(`select username from users where role = 'viewer' order by created_at desc limit 1`);
    const viewer = { authorization: `Bearer ${(await call(login, '/services/api/v1/authentication', { json: { username: rows[0].username, password: 'viewer-password-123' } })).data.access_token}` };
    expect((await call(PUT, '/services/api/v1/settings', { method: 'PUT', headers: viewer, json: { stepLifetimeSeconds: 600 } })).status).toBe(403);
  });
});

describe('brand colours keep WCAG AA contrast', () => {
  it('accepts any colour: the readable text on it, and a shade of it that reads on white for links', () => {
    expect(brandColors('#1d4ed8')).toEqual({ background: '#1d4ed8', text: '#ffffff', ink: '#1d4ed8' });
    const yellow = brandColors('#ffff00');
    expect(yellow).toMatchObject({ background: '#ffff00', text: '#000000' });
    expect(contrast(yellow.background, yellow.text)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(yellow.ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(brandColors(null).background).toBe('#0f766e');
    for (const c of ['#777777', '#00ff00', '#ff0000', '#0000ff', '#123456', '#ffffff', '#fde68a']) {
      const b = brandColors(c);
      expect(b.background).toBe(c);
      expect(contrast(b.background, b.text)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(b.ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
