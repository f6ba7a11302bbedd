import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../../platform/settings';
import { backends, createTestDatabase, seedIntegrator, type TestDatabase } from '../../testing';
import { recordAnalysis, setRule, type Penalty } from '../../engines/fraud';
import { previewRuleChange } from './rule-preview';

const penalty = (rulesName: string, rulesPenalty: number, hardStop = false): Penalty => ({ rulesName, rulesPenalty, hardStop, message: `${rulesName} fired` });
const BLURRY = penalty('BAIXA_QUALIDADE', 15);
const EXPIRED = penalty('DOCUMENTO_VENCIDO', 30);
const OTHER_CPF = penalty('CPF_DIVERGENTE', 100, true);

async function record(integratorId: string, penalties: Penalty[], rulesGroup?: string) {
  const total = penalties.reduce((s, p) => s + p.rulesPenalty, 0);
  await recordAnalysis({ integratorId, methodName: 'fraud.analysis', cpf: '52998224725', rulesGroup, score: Math.max(0, 100 - total), hardStop: penalties.some((p) => p.hardStop), penalties, totalTimeMs: 5 });
}

describe.each(backends())('rule weight preview on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db.close());

  it('re-weighs the stored analyses: decisions that change, scores before and after', async () => {
    const { integratorId } = await seedIntegrator();
    await record(integratorId, [BLURRY]); // 85: approved
    await record(integratorId, [EXPIRED]); // 70: review
    await record(integratorId, [OTHER_CPF]); // hard stop: rejected
    await record(integratorId, [BLURRY], 'pj'); // 85: approved
    await record(integratorId, []); // 100: approved

    const same = await previewRuleChange(integratorId, '', []);
    expect(same).toMatchObject({ analysed: 5, changed: 0, transitions: [], affected: [], thresholds: { approveScore: 80, rejectScore: 50 } });
    expect(same.decisions.before).toEqual({ approved: 3, review: 1, rejected: 1, blacklisted: 0 });
    expect(same.histogram.before).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 2, 1]);
    expect(same.median.before).toBe(85);

    const raised = await previewRuleChange(integratorId, '', [{ ruleName: 'BAIXA_QUALIDADE', weight: 25 }]);
    expect(raised.changed).toBe(2);
    expect(raised.transitions).toEqual([{ from: 'approved', to: 'review', count: 2 }]);
    expect(raised.decisions.after).toEqual({ approved: 1, review: 3, rejected: 1, blacklisted: 0 });
    expect(raised.histogram.after).toEqual([1, 0, 0, 0, 0, 0, 0, 3, 0, 1]);
    expect(raised.median.after).toBe(75);
    // Newest first, by the batchId the ScoreResult reported.
    expect(raised.affected.map((a) => [a.batchId, a.scoreBefore, a.scoreAfter, a.decisionAfter])).toEqual([
      [4, 85, 75, 'review'],
      [1, 85, 75, 'review'],
    ]);

    // A group that sets the rule itself keeps its own weight under a general change.
    await setRule(integratorId, 'BAIXA_QUALIDADE', 'pj', { weight: 10, enabled: null });
    const general = await previewRuleChange(integratorId, '', [{ ruleName: 'BAIXA_QUALIDADE', weight: 25 }]);
    expect(general.changed).toBe(1);
    expect(general.affected.map((a) => a.batchId)).toEqual([1]);

    // A group's preview looks at that group's analyses only.
    const pj = await previewRuleChange(integratorId, 'pj', [{ ruleName: 'BAIXA_QUALIDADE', weight: 60 }]);
    expect(pj).toMatchObject({ rulesGroup: 'pj', analysed: 1, changed: 1, transitions: [{ from: 'approved', to: 'rejected', count: 1 }] });
    expect(pj.affected[0]).toMatchObject({ scoreBefore: 90, scoreAfter: 40 });

    // Switching a hard stop off lets the analysis through; switching a rule on cannot be previewed.
    const off = await previewRuleChange(integratorId, '', [{ ruleName: 'CPF_DIVERGENTE', enabled: false }]);
    expect(off.transitions).toEqual([{ from: 'rejected', to: 'approved', count: 1 }]);
    await setRule(integratorId, 'DOCUMENTO_VENCIDO', '', { weight: null, enabled: false });
    const on = await previewRuleChange(integratorId, '', [{ ruleName: 'DOCUMENTO_VENCIDO', enabled: true }]);
    expect(on.unknownEffect).toEqual(['DOCUMENTO_VENCIDO']);
    expect(on.transitions).toEqual([{ from: 'approved', to: 'review', count: 1 }]);

    // Decisions use the integrator's thresholds.
    await updateSettings(integratorId, { onboarding: { approveScore: 95 } });
    expect((await previewRuleChange(integratorId, '', [])).decisions.before).toMatchObject({ approved: 2, review: 2 });

    await expect(previewRuleChange(integratorId, '', [{ ruleName: 'NAO_EXISTE', weight: 1 }])).rejects.toMatchObject({ status: 422 });
  });

  it('looks at the last 100 analyses of the integrator only', async () => {
    const a = await seedIntegrator();
    const b = await seedIntegrator();
    await record(b.integratorId, [BLURRY]);
    for (let i = 0; i < 101; i++) await record(a.integratorId, i === 0 ? [BLURRY] : []);
    const preview = await previewRuleChange(a.integratorId, '', [{ ruleName: 'BAIXA_QUALIDADE', weight: 90 }]);
    expect(preview.analysed).toBe(100);
    // The first analysis (the only one that fired) is the 101st newest: out of the sample.
    expect(preview.changed).toBe(0);
    expect((await previewRuleChange(b.integratorId, '', [{ ruleName: 'BAIXA_QUALIDADE', weight: 90 }])).analysed).toBe(1);
  });
});
