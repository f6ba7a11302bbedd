import { describe, expect, it } from 'vitest';
import { cnpjsIn, readCompanyDocument } from './company';

const CARD = `REPÚBLICA FEDERATIVA DO BRASIL
CADASTRO NACIONAL DA PESSOA JURÍDICA
NÚMERO DE INSCRIÇÃO
11.222.333/0001-81 MATRIZ
COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO CADASTRAL
DATA DE ABERTURA
05/10/2009
NOME EMPRESARIAL
CONSTRUÇÕES HORIZONTE LTDA
SITUAÇÃO CADASTRAL
ATIVA`;

describe('company documents', () => {
  it('reads a CNPJ card: CNPJ, name with accents, status and opening date', () => {
    const r = readCompanyDocument(CARD, true)!;
    expect(r).toMatchObject({ typeRecognized: 'CARTAO_CNPJ', typeParentAlias: 'CNPJ', digitalDocument: true });
    const f = Object.fromEntries(r.fields.map((x) => [x.key, x.value]));
    expect(f).toEqual({ cnpj: '11222333000181', nomeEmpresarial: 'CONSTRUÇÕES HORIZONTE LTDA', situacaoCadastral: 'ATIVA', dataAbertura: '2009-10-05' });
  });

  it('reads articles of association and finds alphanumeric CNPJs; ignores CNPJs whose check digits fail', () => {
    const r = readCompanyDocument('ALTERAÇÃO CONTRATUAL\nRAZÃO SOCIAL: ALFA SERVIÇOS LTDA\nCNPJ 12.ABC.345/01DE-35', false)!;
    expect(r.typeRecognized).toBe('CONTRATO_SOCIAL');
    expect(r.fields.find((x) => x.key === 'cnpj')?.value).toBe('12ABC34501DE35');
    expect(r.fields.find((x) => x.key === 'nomeEmpresarial')?.value).toBe('ALFA SERVIÇOS LTDA');
    expect(cnpjsIn('CNPJ 11.222.333/0001-80 e 11222333000181')).toEqual(['11222333000181']);
  });

  it('is not a company document without a title', () => {
    expect(readCompanyDocument('CARTEIRA NACIONAL DE HABILITAÇÃO 11.222.333/0001-81', false)).toBeUndefined();
  });
});
