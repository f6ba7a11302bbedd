import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, seedIntegrator, type TestDatabase } from '../../testing';
import { allowCpf, denyCpf, denyListEntry, listDenied } from './deny-list';
import { ruleSettingsFor, setRule } from './rule-settings';

describe.each(backends())('deny list and rule settings on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db.close());

  it('lists, pages, updates and removes CPFs per integrator', async () => {
    const a = await seedIntegrator();
    const b = await seedIntegrator();
    await denyCpf(a.integratorId, '52998224725', 'chargeback');
    await denyCpf(a.integratorId, '11144477735', null);
    await denyCpf(a.integratorId, '52998224725', 'fraude confirmada');
    expect((await denyListEntry(a.integratorId, '52998224725'))?.reason).toBe('fraude confirmada');
    expect(await denyListEntry(b.integratorId, '52998224725')).toBeUndefined();
    const first = await listDenied(a.integratorId, 1);
    expect(first.map((x) => x.cpf)).toEqual(['11144477735']);
    expect((await listDenied(a.integratorId, 10, first[0]!.cpf)).map((x) => x.cpf)).toEqual(['52998224725']);
    expect(await allowCpf(a.integratorId, '52998224725')).toBe(true);
    expect(await allowCpf(a.integratorId, '52998224725')).toBe(false);
    expect(await listDenied(b.integratorId, 10)).toEqual([]);
  });

  it('layers a rulesGroup over the general settings', async () => {
    const a = await seedIntegrator();
    await setRule(a.integratorId, 'DOCUMENTO_VENCIDO', '', { weight: 10, enabled: null });
    await setRule(a.integratorId, 'DOCUMENTO_VENCIDO', 'pj', { weight: null, enabled: false });
    await setRule(a.integratorId, 'MENOR_DE_IDADE', 'pj', { weight: 5, enabled: null });
    expect(Object.fromEntries(await ruleSettingsFor(a.integratorId))).toEqual({ DOCUMENTO_VENCIDO: { weight: 10, enabled: undefined } });
    expect(Object.fromEntries(await ruleSettingsFor(a.integratorId, 'pj'))).toEqual({ DOCUMENTO_VENCIDO: { weight: 10, enabled: false }, MENOR_DE_IDADE: { weight: 5, enabled: undefined } });
    await setRule(a.integratorId, 'MENOR_DE_IDADE', 'pj', { weight: null, enabled: null });
    expect((await ruleSettingsFor(a.integratorId, 'pj')).has('MENOR_DE_IDADE')).toBe(false);
    await expect(setRule(a.integratorId, 'NAO_EXISTE', '', { weight: 1, enabled: null })).rejects.toMatchObject({ status: 422 });
  });
});
