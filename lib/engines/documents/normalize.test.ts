import { describe, expect, it } from 'vitest';
import { cnhNumber, td1, td3 } from '@/scripts/synth';
import { rng } from '@/scripts/synth/random';
import { classify } from './classify';
import { readMrz } from './mrz';
import { cpfFrom, isIsoDate, isoDate, isValidCnhNumber, personName, placeOf, runDate } from './normalize';
import { bestOfEach, doubtful, doubtfulRows } from './merge';
import { labelRows, placeOfMissing } from './extract';
import { conceptsIn } from './cues';
import { fold, fuzzyIncludes, includesWithin, levenshtein, ocrDistance } from './text';

describe('normalisation', () => {
  it('reads dates into ISO and refuses impossible ones', () => {
    expect(isoDate('10/05/1981, BRASÍLIA')).toBe('1981-05-10');
    expect(isoDate('1O/O5/198l')).toBe('1981-05-10');
    expect(isoDate('11/11/201)')).toBe('2011-11-11');
    expect(isoDate('(11/11/2011)')).toBe('2011-11-11');
    expect(isoDate('11/11/20)')).toBeUndefined();
    expect(isoDate('31/02/2000')).toBeUndefined();
    expect(isoDate('no date')).toBeUndefined();
    // A place's state read with a look-alike sign or digit for a capital counts when the state it spells exists.
    expect(placeOf('JOÃO PESSOA/R)')).toEqual({ city: 'JOÃO PESSOA', uf: 'RJ' });
    expect(placeOf('SALVADOR-8A')).toEqual({ city: 'SALVADOR', uf: 'BA' });
    expect(placeOf('CASA-12')).toBeUndefined();
    expect(placeOf('SSP-5P')).toBeUndefined();
    expect(placeOf('NATAL-XX')).toBeUndefined();
    // A field's value is a date when it holds one as fields do.
    expect(isIsoDate('1981-05-10')).toBe(true);
    expect(isIsoDate('10/05/1981')).toBe(false);
    expect(isIsoDate('1981-05-10 ')).toBe(false);
  });
  it('reads a date that lost one separator, but not a longer number', () => {
    expect(isoDate('NATAL-CE 2512/1998')).toBe('1998-12-25');
    expect(isoDate('25/121998')).toBe('1998-12-25');
    expect(isoDate('125121/1998')).toBeUndefined();
    expect(isoDate('3112/1998')).toBe('1998-12-31');
    expect(isoDate('3113/1998')).toBeUndefined();
  });
  it('reads a slash blurred into a colon, and eight digits as a date only where asked to', () => {
    expect(isoDate('27:10/2022')).toBe('2022-10-27');
    expect(isoDate('1501: 1952, TAGUATINGA')).toBe('1952-01-15');
    expect(isoDate('10:30 HORAS')).toBeUndefined();
    expect(isoDate('27102025')).toBeUndefined();
    expect(runDate('27102025')).toBe('2025-10-27');
    expect(runDate('11425479')).toBeUndefined();
    expect(runDate('271020251')).toBeUndefined();
  });
  it('reads a CPF through OCR look-alikes and checks its digits', () => {
    expect(cpfFrom('CPF 529.982.247-25')).toEqual({ value: '52998224725', valid: true });
    expect(cpfFrom('S29.98Z.Z47-Z5')).toEqual({ value: '52998224725', valid: true });
    expect(cpfFrom('529.982.247-24')).toEqual({ value: '52998224724', valid: false });
    // Groups split by a space, after other numbers on the line.
    expect(cpfFrom('C.NAS LVAN FLS.146 61 7.787.352-90')).toEqual({ value: '61778735290', valid: true });
  });
  it('takes a doubled digit out of a CPF group read a digit too long, when that alone gives valid check digits', () => {
    // Tuned-variety opened RG 2000: `5587 .791.763-30` for 587.791.763-30.
    expect(cpfFrom('5587 .791.763-30')).toEqual({ value: '58779176330', valid: true });
    expect(cpfFrom('529.9822.247-25')).toEqual({ value: '52998224725', valid: true });
    // No doubled digit in the long group, or two groups too long: nothing is taken out.
    expect(cpfFrom('5879.791.763-30')).toBeUndefined();
    expect(cpfFrom('5587.7911.763-30')).toBeUndefined();
  });
  it('runs digits together into a CPF only when the text is that number and nothing else', () => {
    expect(cpfFrom('529 982 247 25')).toEqual({ value: '52998224725', valid: true });
    expect(cpfFrom('529982Z4725')).toEqual({ value: '52998224725', valid: true });
    // A city and a birth date: S, G and O read as 5, 6 and 0 made eleven digits whose check digits pass.
    expect(cpfFrom('MANAUS-GO 18/06/1953')).toBeUndefined();
    // A name's particle before an RG number.
    expect(cpfFrom('DOS 12345678')).toBeUndefined();
  });
  it('checks CNH registration numbers', () => {
    const r = rng(5);
    for (let i = 0; i < 200; i++) {
      const n = cnhNumber(r);
      expect(isValidCnhNumber(n)).toBe(true);
      const broken = n.slice(0, 10) + String((Number(n[10]) + 1) % 10);
      expect(isValidCnhNumber(broken)).toBe(false);
    }
  });
  it('keeps a printed name and drops specks read as letters around it', () => {
    expect(personName('msn INÊS FRANCISCA CARDOSO')).toBe('INÊS FRANCISCA CARDOSO');
    expect(personName('MARIA DAS GOMES Cc')).toBe('MARIA DAS GOMES');
    expect(personName('JOSÉ DA SILVA E SOUZA')).toBe('JOSÉ DA SILVA E SOUZA');
    expect(personName('h GUSTAVO DO BARBOSA')).toBe('GUSTAVO DO BARBOSA');
  });
  it('drops what stands before a lone dash when it names no one and the rest names someone', () => {
    // (Generated CNH, rough variety seed 3001: the portrait's edge beside the mother's line read as `PEA —`.)
    expect(personName('PEA — JÚLIA FERNANDA MACHADO')).toBe('JÚLIA FERNANDA MACHADO');
    // A known name before the dash, or too little known after it: left as read.
    expect(personName('MARIA — JÚLIA FERNANDA MACHADO')).toBe('MARIA JÚLIA FERNANDA MACHADO');
    expect(personName('PEA — XYLO FERNANDA')).toBe('PEA XYLO FERNANDA');
  });

  it('reads dates written with the month by name, as passports and certificates print them', () => {
    expect(isoDate('02 MAR/MAR 1985')).toBe('1985-03-02');
    expect(isoDate('15 DEZ/DEC 2019')).toBe('2019-12-15');
    expect(isoDate('12 AUG 1974')).toBe('1974-08-12');
    expect(isoDate('2 de março de 1985')).toBe('1985-03-02');
    expect(isoDate('O7 OUT/OCT 2O21')).toBe('2021-10-07');
    expect(isoDate('03 JUL/JUI 2017')).toBe('2017-07-03');
    expect(isoDate('03 JUL/MAR 2017')).toBeUndefined();
    // A bilingual pair printed without its slash, or glued, and a full name with a look-alike slip.
    expect(isoDate('20 MAI MAY 2023')).toBe('2023-05-20');
    expect(isoDate('30 JANJAN 2022')).toBe('2022-01-30');
    expect(isoDate('2 DE MARÇQ DE 1985')).toBe('1985-03-02');
    // Not a date: a month-like word without a day, an impossible day, a two-digit year.
    expect(isoDate('SETOR 1985')).toBeUndefined();
    expect(isoDate('31 FEV 2001')).toBeUndefined();
    expect(isoDate('12 AUG 74')).toBeUndefined();
    // A name that starts like a month is no month.
    expect(isoDate('529.982.247-25 MARIA 1985')).toBeUndefined();
    expect(isoDate('12 JULIANA 2001')).toBeUndefined();
    // Numeric dates are still read first.
    expect(isoDate('02/03/1985 12 AUG 1974')).toBe('1985-03-02');
  });

  it('matches labels despite OCR slips', () => {
    expect(fuzzyIncludes(fold('CARTElRA NACIONAL DE HABlLITAÇÃO'), 'CARTEIRA NACIONAL DE HABILITACAO')).toBe(true);
    expect(fuzzyIncludes(fold('REGISTRO GERAL'), 'CARTEIRA NACIONAL DE HABILITACAO')).toBe(false);
  });

  it('counts a slip between look-alike print shapes as half a slip', () => {
    // N/R and O/D look alike (half each), E read as T does not: 2, where counting every slip whole gives 3 (over 22 letters' tolerance of 2).
    expect(ocrDistance('CANTEIRA DE IOTNTIDADE', 'CARTEIRA DE IDENTIDADE')).toBe(2);
    expect(levenshtein('CANTEIRA DE IOTNTIDADE', 'CARTEIRA DE IDENTIDADE')).toBe(3);
    expect(fuzzyIncludes('MMCRETAROA CANTEIRA DE IOTNTIDADE', 'CARTEIRA DE IDENTIDADE', 0.125, true)).toBe(true);
    expect(fuzzyIncludes('MMCRETAROA CANTEIRA DE IOTNTIDADE', 'CARTEIRA DE IDENTIDADE', 0.125)).toBe(false);
    // Unrelated letters still count whole: another label is not taken for this one.
    expect(fuzzyIncludes('CARTEIRA DE ESTUDANTE', 'CARTEIRA DE IDENTIDADE', 0.125, true)).toBe(false);
    expect(includesWithin('DATA VAL1DADE 12/10/2030', 'VALIDADE', 0.5, true)).toBe(true);
    expect(includesWithin('DATA VALORDADE', 'VALIDADE', 0.5, true)).toBe(false);
    expect(conceptsIn('DATA VAL1DADE 12/10/2030').has('expiry')).toBe(true);
  });
});

describe('MRZ', () => {
  const person = { documentNumber: 'AB123456', surname: 'SILVA', given: 'MARIA JOSÉ', birth: '1980-02-29', sex: 'F' as const, expiry: '2031-01-01' };
  it('parses a passport zone and verifies its check digits', () => {
    const lines = td3(person);
    const read = readMrz(['PASSAPORTE', ...lines]);
    expect(read).toMatchObject({ format: 'TD3', valid: true, fields: { lastName: 'SILVA', firstName: 'MARIA JOSE', documentNumber: 'AB123456' } });
  });
  it('flags a wrong check digit', () => {
    const [l1, l2] = td3(person);
    const tampered = l2!.slice(0, 13) + (l2![13] === '1' ? '2' : '1') + l2!.slice(14); // birth date changed, check digit not
    expect(readMrz([l1!, tampered])?.valid).toBe(false);
  });
  it('parses a CIN (TD1) zone with spaces and OCR noise', () => {
    const lines = td1({ ...person, documentNumber: '529982247', optional: '52998224725' });
    const read = readMrz(lines.map((l) => l.replace(/(.{10})/, '$1 ')));
    expect(read).toMatchObject({ format: 'TD1', valid: true });
  });
  it('tells an old RG opened flat from its two-card shape and data side when the small captions were lost', () => {
    // As read from a low-resolution photo: headings of both sides, data, no label or caption; the picture three times as wide as tall.
    const opened = 'BATITUTO DE CENTUICAÇÃO 74084322 19/06/2016 CANTEIRA DE IDENTIDADE VALIDA EM TODO O TESUMTORIO NACIONAL MEITOR SANTOS RODRIGUES NATAL-CE 2512/1998 934.088.760-37';
    expect(classify(fold(opened), undefined, false, 3.1).type).toBe('RG_ABERTO');
    // Without the shape, headings are not enough to say both sides are there.
    expect(classify(fold(opened), undefined).type).toBe('RG_VERSO');
    const dataSide = 'VALIDA EM TODO O TERRITORIO NACIONAL 74084322 19/06/2016 MEITOR SANTOS RODRIGUES NATAL-CE 2512/1998 934.088.760-37 ASSINATURA DO DIRETOR';
    expect(classify(fold(dataSide), undefined).type).toBe('RG_VERSO');
  });
  it('classifies from the zone alone', () => {
    expect(classify('', readMrz(td3(person)))).toMatchObject({ type: 'PASSAPORTE' });
    expect(classify(fold('REPÚBLICA FEDERATIVA DO BRASIL CARTEIRA NACIONAL DE HABILITAÇÃO 2 e 1 NOME E SOBRENOME'), undefined).type).toBe('CNH_FRENTE');
    expect(classify(fold('uma foto de um gato'), undefined).type).toBeUndefined();
  });
});

describe('two readings of a page', () => {
  const f = (key: string, value: string, conf: number, extra: object = {}) => ({ key, value, conf, bbox: [0, 0, 1, 1] as [number, number, number, number], ...extra });

  it('is doubtful when a printed field is missing, unsure or fails its check', () => {
    const complete = [f('cpf', '52998224725', 95, { valid: true }), f('nome', 'ANA LIMA', 96), f('dataNascimento', '1990-01-01', 96)];
    expect(doubtful('CPF', complete)).toBe(false);
    expect(doubtful('CPF', complete.slice(0, 2))).toBe(true);
    expect(doubtful('CPF', [...complete.slice(0, 2), f('dataNascimento', '1990-01-01', 60)])).toBe(true);
    expect(doubtful('CPF', [f('cpf', '52998224724', 95, { valid: false }), ...complete.slice(1)])).toBe(true);
  });

  it('within given rows, is doubtful only of fields lying across them (a missing field may lie anywhere)', () => {
    const at = (key: string, value: string, conf: number, y: number) => ({ ...f(key, value, conf), bbox: [0, y, 300, 40] as [number, number, number, number] });
    const page = [at('cpf', '52998224725', 95, 100), at('nome', 'ANA LIMA', 60, 400), at('dataNascimento', '1990-01-01', 96, 700)];
    expect(doubtful('CPF', page, [380, 460])).toBe(true);
    expect(doubtful('CPF', page, [600, 900])).toBe(false);
    expect(doubtful('CPF', page.slice(0, 2), [600, 900])).toBe(true);
  });

  it('narrows a second reading of given rows to the unsure fields there, a line either side (all of them when one is missing)', () => {
    const at = (key: string, value: string, conf: number, y: number) => ({ ...f(key, value, conf), bbox: [0, y, 300, 40] as [number, number, number, number] });
    const page = [at('cpf', '52998224725', 95, 100), at('nome', 'ANA LIMA', 60, 400), at('dataNascimento', '1990-01-01', 96, 700)];
    expect(doubtfulRows('CPF', page, [0, 900])).toEqual([360, 480]);
    expect(doubtfulRows('CPF', page, [380, 900])).toEqual([380, 480]);
    const twoUnsure = [page[0]!, page[1]!, at('dataNascimento', '1990-01-01', 50, 700)];
    expect(doubtfulRows('CPF', twoUnsure, [0, 900])).toEqual([360, 780]);
    expect(doubtfulRows('CPF', page.slice(0, 2), [0, 900])).toEqual([0, 900]);
    expect(doubtfulRows('CPF', page, [600, 900])).toBeUndefined();
  });

  it('reads a missing field again where its label says it lies, and not at all when that lies away from the given rows', () => {
    const at = (key: string, value: string, conf: number, y: number) => ({ ...f(key, value, conf), bbox: [0, y, 300, 40] as [number, number, number, number] });
    const page = [at('cpf', '52998224725', 95, 100), at('nome', 'ANA LIMA', 60, 400)];
    const birthLabelAt = (key: string): [number, number] | undefined => (key === 'dataNascimento' ? [650, 800] : undefined);
    expect(doubtfulRows('CPF', page, [0, 900], birthLabelAt)).toEqual([360, 800]);
    expect(doubtfulRows('CPF', [page[0]!, at('nome', 'ANA LIMA', 96, 400)], [0, 600], birthLabelAt)).toBeUndefined();
    // Its label not read either: it may lie anywhere.
    expect(doubtfulRows('CPF', page, [0, 900], () => undefined)).toEqual([0, 900]);
  });

  it('places a value by its label as read: the label\'s row down to two value lines under it', () => {
    const word = (text: string, x: number, y: number, h: number) => ({ text, conf: 90, bbox: [x, y, text.length * h * 0.6, h] as [number, number, number, number] });
    const line = (y: number, h: number, ...texts: string[]) => {
      const words = texts.map((t, i) => word(t, 100 + i * 200, y, h));
      return { text: texts.join(' '), conf: 90, bbox: [100, y, 200 * texts.length, h] as [number, number, number, number], words };
    };
    const lines = [line(100, 20, 'NOME'), line(130, 40, 'ANA', 'LIMA'), line(300, 20, 'DATA', 'DE', 'NASCIMENTO'), line(330, 40, '01/01/1990')];
    expect(labelRows(lines, ['DATA DE NASCIMENTO'])).toEqual([280, 470]);
    expect(labelRows(lines, ['VALIDADE'])).toBeUndefined();
    expect(placeOfMissing(lines)('dataNascimento')).toEqual([280, 470]);
    // The name is found in several ways: a missing one is not placed by a label.
    expect(placeOfMissing(lines)('nome')).toBeUndefined();
  });

  it('leaves the machine-readable zone out of a second reading of the page: its band has its own reader', () => {
    const at = (key: string, value: string, conf: number, y: number, extra = {}) => ({ ...f(key, value, conf, extra), bbox: [0, y, 300, 40] as [number, number, number, number] });
    // A valid zone's parts carry the band reading's confidence (43 here): no doubt about them sends the page to be read again.
    const zone = at('mrz', 'P<UTO…', 43, 1000, { valid: true, fields: [at('numeroDocumento', 'L898902C3', 43, 1000), at('valid', 'true', 43, 1000, { valid: true })] });
    const printed = ['numeroPassaporte', 'nome', 'nacionalidade', 'dataNascimento', 'sexo', 'dataEmissao', 'validade'].map((k, i) => at(k, 'x', 95, 100 + 100 * i));
    expect(doubtfulRows('PASSAPORTE', [...printed, zone], [0, 1100])).toBeUndefined();
    // An unsure printed number is read again where it lies, not down to the zone.
    const unsureNumber = [at('numeroPassaporte', 'L898902C3', 49, 100), ...printed.slice(1), zone];
    expect(doubtfulRows('PASSAPORTE', unsureNumber, [0, 1100])).toEqual([60, 180]);
    // A zone not read at all is no reason either (the page's lines cannot give it); a missing printed field still is.
    expect(doubtfulRows('PASSAPORTE', printed, [0, 1100])).toBeUndefined();
    expect(doubtfulRows('PASSAPORTE', printed.slice(1), [0, 1100])).toEqual([0, 1100]);
  });

  it('takes each field where it stands better and fills what one reading missed', () => {
    const first = [f('cpf', '52998224724', 95, { valid: false }), f('nome', 'ANA LIMA', 96), f('filiacao', 'JOSÉ LIMA / MARIA LIMA', 80, { fields: [f('nome', 'JOSÉ LIMA', 80), f('nome', 'MARIA LIMA', 80)] })];
    const second = [f('cpf', '52998224725', 70, { valid: true }), f('nome', 'ANA LlMA', 60), f('dataNascimento', '1990-01-01', 90), f('filiacao', 'JOSÉ LIMA', 96, { fields: [f('nome', 'JOSÉ LIMA', 96)] })];
    const merged = Object.fromEntries(bestOfEach(first, second).map((x) => [x.key, x.value]));
    expect(merged).toEqual({ cpf: '52998224725', nome: 'ANA LIMA', dataNascimento: '1990-01-01', filiacao: 'JOSÉ LIMA / MARIA LIMA' });
  });
});
