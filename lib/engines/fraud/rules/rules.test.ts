import { describe, expect, it } from 'vitest';
import type { OcrField } from '../../documents';
import { scoreEvidence } from '../score';
import type { Evidence, ForensicSignals } from '../types';
import { RULES } from './index';

const NOW = new Date('2026-11-21T12:00:00Z');
const CPF = '52998224725';
const box = (n = 0): [number, number, number, number] => [n, n, 10, 10];
const f = (key: string, value: string, extra: Partial<OcrField> = {}): OcrField => ({ key, value, conf: 95, bbox: box(), ...extra });

const cleanForensics: ForensicSignals = { field: 'imageFront', sharpness: 300, glare: 0, documentHeight: 900, screen: 0.05, chroma: 0.12, pdfUpdates: 0, elaAnomaly: 0.1, patchRatio: 0.9 };

/** A clean CNH front analysis: no rule fires on it. */
function clean(): Evidence {
  const fields = [f('nome', 'MARIA DA SILVA', { bbox: box(1) }), f('cpf', CPF, { valid: true, bbox: box(2) }), f('dataNascimento', '1990-05-17', { bbox: box(3) }), f('validade', '2030-01-01', { bbox: box(4) })];
  return {
    cpf: CPF,
    now: NOW,
    document: { ocr: { typeRecognized: 'CNH_FRENTE', typeParentAlias: 'CNH', digitalDocument: false, fields }, fields },
    forensics: [{ ...cleanForensics }],
    forensicsEnabled: true,
    face: { documentFace: true, match: { similarity: 88, match: true, threshold: 50, against: 'document' }, liveness: { alive: true, score: 0.1, reasons: [] }, duplicates: [] },
  };
}

const withField = (e: Evidence, field: OcrField, type?: string): Evidence => {
  const fields = [...e.document!.fields.filter((x) => x.key !== field.key), field];
  return { ...e, document: { ocr: { ...e.document!.ocr, typeRecognized: type ?? e.document!.ocr.typeRecognized, fields }, fields } };
};

const passportMrz = (valid: boolean, birth = '1990-05-17') =>
  f('mrz', 'P<BRA...', { valid, bbox: box(9), fields: [f('dataNascimento', birth, { bbox: box(9) }), f('nomes', 'MARIA', { bbox: box(9) }), f('sobrenome', 'DA SILVA', { bbox: box(9) }), f('numeroDocumento', 'FZ123456', { bbox: box(9) })] });

/** For each rule: evidence that makes it fire, evidence that keeps it silent (besides the clean case). */
const CASES: Record<string, { fires: (e: Evidence) => Evidence; silent: (e: Evidence) => Evidence }> = {
  CPF_INVALIDO: { fires: (e) => ({ ...e, cpf: '52998224724' }), silent: (e) => e },
  CPF_DIVERGENTE: {
    fires: (e) => withField(e, f('cpf', '11144477735', { valid: true })),
    // A CPF misread from the print (check digits fail) is illegible, not divergent.
    silent: (e) => withField(e, f('cpf', '11144477700', { valid: false })),
  },
  CPF_BLOQUEADO: { fires: (e) => ({ ...e, denyListed: { reason: 'chargeback' } }), silent: (e) => ({ ...e, denyListed: undefined }) },
  DOCUMENTO_NAO_RECONHECIDO: {
    fires: (e) => ({ ...e, document: { ocr: { typeRecognized: '', typeParentAlias: '', digitalDocument: false, fields: [], errorMessage: 'document_not_recognized' }, fields: [] } }),
    silent: (e) => ({ ...e, document: undefined }),
  },
  DOCUMENTO_VENCIDO: { fires: (e) => withField(e, f('validade', '2026-11-20')), silent: (e) => withField(e, f('validade', '2026-11-21')) },
  MENOR_DE_IDADE: { fires: (e) => withField(e, f('dataNascimento', '2008-11-22')), silent: (e) => withField(e, f('dataNascimento', '2008-11-21')) },
  CAMPOS_ILEGIVEIS: {
    fires: (e) => withField(e, f('nome', 'MARlA DA SlLVA', { conf: 41 })),
    // A low-confidence value whose check digits passed is trusted.
    silent: (e) => withField(e, f('cpf', CPF, { conf: 40, valid: true })),
  },
  MRZ_INVALIDA: { fires: (e) => withField(e, passportMrz(false), 'PASSAPORTE'), silent: (e) => withField(e, passportMrz(true), 'PASSAPORTE') },
  MRZ_DIVERGENTE: {
    fires: (e) => withField(e, passportMrz(true, '1991-05-17'), 'PASSAPORTE'),
    // A printed value copied from the zone (same box) is not a second reading.
    silent: (e) => withField(withField(e, passportMrz(true, '1991-05-17'), 'PASSAPORTE'), f('dataNascimento', '1991-05-17', { bbox: box(9) })),
  },
  QRCODE_AUSENTE_OU_ILEGIVEL: {
    fires: (e) => ({ ...e, document: { ...e.document!, ocr: { ...e.document!.ocr, typeRecognized: 'CNH_VERSO' } } }),
    silent: (e) => withField(e, f('qrCode', '{"cpf":"52998224725"}', { fields: [f('cpf', CPF, { valid: true })] }), 'CNH_VERSO'),
  },
  QRCODE_DIVERGENTE: {
    fires: (e) => withField(e, f('qrCode', '{}', { fields: [f('nome', 'JOAO', { valid: false }), f('cpf', CPF, { valid: true })] })),
    silent: (e) => withField(e, f('qrCode', '{}', { fields: [f('nome', 'MARIA DA SILVA', { valid: true })] })),
  },
  BAIXA_QUALIDADE: { fires: (e) => ({ ...e, forensics: [{ ...cleanForensics, sharpness: 5 }] }), silent: (e) => ({ ...e, forensicsEnabled: false, forensics: [{ ...cleanForensics, sharpness: 5 }] }) },
  RECAPTURA_DE_TELA: { fires: (e) => ({ ...e, forensics: [{ ...cleanForensics, screen: 0.9 }] }), silent: (e) => ({ ...e, forensics: [{ ...cleanForensics, screen: 0.3 }] }) },
  FOTOCOPIA: {
    fires: (e) => ({ ...e, forensics: [{ ...cleanForensics, chroma: 0.004 }] }),
    // A born-digital PDF may well be rendered without colour.
    silent: (e) => ({ ...e, forensics: [{ ...cleanForensics, chroma: 0.004 }], document: { ...e.document!, ocr: { ...e.document!.ocr, digitalDocument: true } } }),
  },
  EDICAO_DIGITAL: { fires: (e) => ({ ...e, forensics: [{ ...cleanForensics, editor: 'Adobe Photoshop 25.0' }] }), silent: (e) => ({ ...e, forensics: [{ ...cleanForensics, elaAnomaly: 0.2, patchRatio: 0.6 }] }) },
  ROSTO_AUSENTE_DOCUMENTO: { fires: (e) => ({ ...e, face: { ...e.face, documentFace: false } }), silent: (e) => ({ ...e, face: { ...e.face, documentFace: undefined } }) },
  FACE_DIVERGENTE: {
    fires: (e) => ({ ...e, face: { ...e.face, match: { similarity: 21.5, match: false, threshold: 50, against: 'document' } } }),
    silent: (e) => ({ ...e, face: { ...e.face, match: undefined } }),
  },
  SELFIE_NAO_VIVA: { fires: (e) => ({ ...e, face: { ...e.face, liveness: { alive: false, score: 0.81, reasons: ['tela'] } } }), silent: (e) => ({ ...e, face: { ...e.face, liveness: undefined } }) },
  ROSTO_DUPLICADO: { fires: (e) => ({ ...e, face: { ...e.face, duplicates: [{ cpf: '11144477735', similarity: 91 }] } }), silent: (e) => e },
  SEM_REFERENCIA_FACIAL: { fires: (e) => ({ ...e, face: { duplicates: [], nothingToCompare: true } }), silent: (e) => ({ ...e, face: { duplicates: [], match: { similarity: 80, match: true, threshold: 50, against: 'enrolled' } } }) },
};

const fired = (e: Evidence) => scoreEvidence(e).penalties.map((p) => p.rulesName);

describe('EDICAO_DIGITAL signs', () => {
  it('names a field covered with a flat patch, and a PDF saved again', () => {
    const patched = scoreEvidence({ ...clean(), forensics: [{ ...cleanForensics, patchRatio: 0.3, patchField: 'nome' }] }).penalties;
    expect(patched.find((p) => p.rulesName === 'EDICAO_DIGITAL')?.message).toMatch(/campo nome liso/);
    const resaved = scoreEvidence({ ...clean(), forensics: [{ ...cleanForensics, pdfUpdates: 2 }] }).penalties;
    expect(resaved.find((p) => p.rulesName === 'EDICAO_DIGITAL')?.message).toMatch(/PDF alterado/);
  });
});

describe('rule catalogue', () => {
  it('has a firing and a silent case for every rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.name).sort());
  });

  it('fires nothing on a clean analysis', () => {
    expect(scoreEvidence(clean())).toEqual({ score: 100, hardStop: false, penalties: [] });
  });

  for (const rule of RULES) {
    describe(rule.name, () => {
      // A rule off by default is tested switched on, as an integrator would.
      const on = new Map(rule.enabledByDefault === false ? [[rule.name, { enabled: true }]] : []);
      it('fires, with a pt-BR message', () => {
        const r = scoreEvidence(CASES[rule.name]!.fires(clean()), on);
        const p = r.penalties.find((x) => x.rulesName === rule.name);
        expect(p, `${rule.name} should fire`).toBeDefined();
        expect(p!.rulesPenalty).toBe(rule.weight);
        expect(p!.hardStop).toBe(rule.hardStop);
        expect(p!.message.length).toBeGreaterThan(10);
        expect(r.hardStop).toBe(r.penalties.some((x) => x.hardStop));
      });
      it('stays silent', () => {
        expect(scoreEvidence(CASES[rule.name]!.silent(clean()), on).penalties.map((p) => p.rulesName)).not.toContain(rule.name);
      });
    });
  }
});

describe('score', () => {
  it('is 100 minus the fired weights, floored at 0', () => {
    const e = { ...clean(), cpf: '52998224724', denyListed: { reason: null } };
    const r = scoreEvidence(e);
    expect(r.penalties.map((p) => p.rulesName)).toEqual(['CPF_INVALIDO', 'CPF_DIVERGENTE', 'CPF_BLOQUEADO']);
    expect(r.score).toBe(0);
    expect(r.hardStop).toBe(true);
    const light = scoreEvidence(withField(clean(), f('validade', '2020-01-01')));
    expect(light.score).toBe(70);
    expect(light.hardStop).toBe(false);
  });

  it('applies configured weights and switches', () => {
    const e = withField(clean(), f('validade', '2020-01-01'));
    expect(scoreEvidence(e, new Map([['DOCUMENTO_VENCIDO', { weight: 12 }]])).score).toBe(88);
    expect(scoreEvidence(e, new Map([['DOCUMENTO_VENCIDO', { enabled: false }]])).penalties).toEqual([]);
  });

  it('leaves a rule that is off by default silent unless switched on', () => {
    const e = { ...clean(), forensics: [{ ...cleanForensics, screen: 0.9 }] };
    const off = RULES.map((r) => (r.name === 'RECAPTURA_DE_TELA' ? { ...r, enabledByDefault: false } : r));
    expect(fired(e)).toContain('RECAPTURA_DE_TELA');
    expect(scoreEvidence(e, new Map(), off).penalties.map((p) => p.rulesName)).not.toContain('RECAPTURA_DE_TELA');
    expect(scoreEvidence(e, new Map([['RECAPTURA_DE_TELA', { enabled: true }]]), off).penalties.map((p) => p.rulesName)).toContain('RECAPTURA_DE_TELA');
  });

  it('is deterministic', () => {
    const e = { ...clean(), cpf: '52998224724', face: { ...clean().face, duplicates: [{ cpf: '11144477735', similarity: 90 }] } };
    expect(scoreEvidence(e)).toEqual(scoreEvidence(structuredClone(e)));
  });
});
