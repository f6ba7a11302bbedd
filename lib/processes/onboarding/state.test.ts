import { describe, expect, it } from 'vitest';
import { decide } from './decision';
import { stateOfCep } from './cep';
import { assertTransition, canTransition, isFinal, ONBOARDING_STATUSES, type OnboardingStatus } from './state';

const ALLOWED: [OnboardingStatus, OnboardingStatus][] = [
  ['STARTED', 'PENDING'],
  ['STARTED', 'PROCESSING'],
  ['STARTED', 'CANCELED'],
  ['STARTED', 'ERROR'],
  ['PENDING', 'PROCESSING'],
  ['PENDING', 'CANCELED'],
  ['PROCESSING', 'DONE'],
  ['PROCESSING', 'REJECTED'],
  ['PROCESSING', 'ANALYSIS'],
  ['PROCESSING', 'BLACKLISTED'],
  ['PROCESSING', 'ERROR'],
  ['PROCESSING', 'CANCELED'],
  ['ANALYSIS', 'RESOLVED'],
  ['ANALYSIS', 'CANCELED'],
];

describe('onboarding state machine', () => {
  it('allows exactly the documented transitions and refuses every other pair', () => {
    for (const from of ONBOARDING_STATUSES) {
      for (const to of ONBOARDING_STATUSES) {
        const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(allowed);
        if (allowed) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrow(/cannot become/);
      }
    }
  });

  it('final statuses have no way out; the others can all be canceled', () => {
    const finals = ONBOARDING_STATUSES.filter(isFinal);
    expect(finals.sort()).toEqual(['BLACKLISTED', 'CANCELED', 'DONE', 'ERROR', 'REJECTED', 'RESOLVED']);
    for (const s of ONBOARDING_STATUSES.filter((s) => !isFinal(s))) expect(canTransition(s, 'CANCELED')).toBe(true);
  });
});

describe('onboarding decision', () => {
  const policy = { approveScore: 80, rejectScore: 50 };
  const penalty = (rulesName: string, hardStop = false) => ({ rulesName, rulesPenalty: 30, hardStop, message: rulesName.toLowerCase() });
  it('maps score and penalties to a status', () => {
    expect(decide({ score: 100, hardStop: false, penalties: [] }, policy).status).toBe('DONE');
    expect(decide({ score: 80, hardStop: false, penalties: [] }, policy).status).toBe('DONE');
    expect(decide({ score: 70, hardStop: false, penalties: [penalty('DOCUMENTO_VENCIDO')] }, policy)).toEqual({
      status: 'ANALYSIS',
      reason: 'score 70 between 50 and 80: manual review',
    });
    expect(decide({ score: 40, hardStop: false, penalties: [] }, policy).status).toBe('REJECTED');
    expect(decide({ score: 90, hardStop: true, penalties: [penalty('CPF_DIVERGENTE', true)] }, policy)).toEqual({ status: 'REJECTED', reason: 'CPF_DIVERGENTE: cpf_divergente' });
    expect(decide({ score: 0, hardStop: true, penalties: [penalty('CPF_BLOQUEADO', true), penalty('CPF_DIVERGENTE', true)] }, policy).status).toBe('BLACKLISTED');
    expect(decide({ score: 0, hardStop: true, penalties: [penalty('ROSTO_DUPLICADO', true)] }, policy).status).toBe('BLACKLISTED');
  });
});

describe('state of a CEP', () => {
  it('follows the Correios ranges', () => {
    expect(stateOfCep('01310100')).toBe('SP');
    expect(stateOfCep('20040002')).toBe('RJ');
    expect(stateOfCep('70040010')).toBe('DF');
    expect(stateOfCep('69900000')).toBe('AC');
    expect(stateOfCep('90010000')).toBe('RS');
    expect(stateOfCep('00000000')).toBeNull();
    expect(stateOfCep('123')).toBeNull();
  });
});
