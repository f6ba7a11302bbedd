import { describe, expect, it } from 'vitest';
import { td3 } from '@/scripts/synth';
import type { OcrLine } from '../ocr';
import { extractFields } from './extract';
import { readMrz } from './mrz';
import type { OcrField } from './types';
import { nameByZone, zoneOverPrinted } from './zone-over-printed';

const zone = (given = 'RAFAEL NASCIMENTO') => readMrz(td3({ documentNumber: 'AP475787', surname: 'RIBEIRO', given, birth: '1976-09-15', sex: 'M', expiry: '2033-04-19' }))!;

const printed = (values: Record<string, string>): OcrField[] =>
  Object.entries(values).map(([key, value]) => ({ key, value, conf: 80, bbox: [0, 0, 10, 10] as [number, number, number, number] }));

const after = (values: Record<string, string>, mrz = zone(), type: 'PASSAPORTE' | 'CNH_FRENTE' = 'PASSAPORTE') => {
  const fields = printed(values);
  zoneOverPrinted(type, fields, mrz);
  return Object.fromEntries(fields.map((f) => [f.key, f.value]));
};

describe('a valid zone against the printed side', () => {
  it('stands for the number and dates its check digits vouch for, where the printed value fails them', () => {
    expect(zone().valid).toBe(true);
    // A printed number and a birth date each with a digit misread.
    expect(after({ numeroPassaporte: 'AP475737', dataNascimento: '1978-09-15', validade: '2033-04-19' })).toEqual({ numeroPassaporte: 'AP475787', dataNascimento: '1976-09-15', validade: '2033-04-19' });
    expect(after({ numeroPassaporte: 'AP475187' }).numeroPassaporte).toBe('AP475787');
  });
  it('keeps a printed value that passes the check digit as well: the check cannot tell which was misread', () => {
    // P and A swapped weigh alike under weights 7 and 3 (15 × 7 − 15 × 3 = 60), as C→G and 0→8 do under 3 and 1.
    expect(after({ numeroPassaporte: 'PA475787' }).numeroPassaporte).toBe('PA475787');
    // The same day a century earlier (the zone's year has two digits).
    const old = readMrz(td3({ documentNumber: 'AP475787', surname: 'RIBEIRO', given: 'RAFAEL', birth: '2020-09-15', sex: 'M', expiry: '2033-04-19' }))!;
    expect(after({ dataNascimento: '1920-09-15' }, old).dataNascimento).toBe('1920-09-15');
  });
  it('changes nothing when the zone does not validate, nor on documents without one', () => {
    const lines = zone().lines;
    const broken = readMrz([lines[0]!, `${lines[1]!.slice(0, 9)}0${lines[1]!.slice(10)}`])!;
    expect(broken.valid).toBe(false);
    expect(after({ numeroPassaporte: 'PA475787' }, broken).numeroPassaporte).toBe('PA475787');
    expect(after({ dataNascimento: '1978-09-15' }, zone(), 'CNH_FRENTE').dataNascimento).toBe('1978-09-15');
  });
  it("mends a printed name word with the zone's only where the lexicon knows the zone's and not the printed one", () => {
    expect(after({ nome: 'RAFAEL NASCIMENTO RIBEIRO' }).nome).toBe('RAFAEL NASCIMENTO RIBEIRO');
    expect(after({ nome: 'AFAEL NASCIMENTO RIBEIRO' }).nome).toBe('RAFAEL NASCIMENTO RIBEIRO');
    // Accents stay as printed (the zone has none).
    expect(nameByZone('CAUÃ AFAEL RIBEIRO', 'CAUA RAFAEL RIBEIRO')).toBe('CAUÃ RAFAEL RIBEIRO');
    // A name word the lexicon knows stays when the zone reads another (a misread zone: no check digit covers names).
    expect(nameByZone('RAFAEL SILVA', 'RAFAEL SILUA')).toBe('RAFAEL SILVA');
    // Neither known: the printed reading stays.
    expect(nameByZone('RAFAEL KOWALSKL', 'RAFAEL KOWALSKI')).toBe('RAFAEL KOWALSKL');
  });
  it('gives the words a printed name lost, in the order the zone has them', () => {
    expect(nameByZone('RAFAEL RIBEIRO', 'RAFAEL NASCIMENTO RIBEIRO')).toBe('RAFAEL NASCIMENTO RIBEIRO');
    expect(nameByZone('LETÍCIA SILVA', 'LETICIA AZEVEDO SILVA')).toBe('LETÍCIA AZEVEDO SILVA');
    // Printed words the zone does not have: the zone is not the same reading.
    expect(nameByZone('RAFAEL COSTA', 'RAFAEL NASCIMENTO RIBEIRO')).toBeUndefined();
  });
  it('leaves the name alone when the zone may have cut it short', () => {
    const long = zone('RAFAEL NASCIMENTO CONCEICAO DOS SANTOS');
    expect(long.lines[0]!.endsWith('<')).toBe(false);
    expect(after({ nome: 'RAFAEL NASCIMENTO CONCEICAO DOS SANTO RIBEIRO' }, long).nome).toBe('RAFAEL NASCIMENTO CONCEICAO DOS SANTO RIBEIRO');
  });
});

describe("the passport's printed name", () => {
  /** An OCR line, one word per token, 10 px a letter. */
  const line = (text: string, x0: number, y: number, conf = 90): OcrLine => {
    let x = x0;
    const words = text.split(' ').map((w) => {
      const word = { text: w, conf, bbox: [x, y, w.length * 10, 20] as [number, number, number, number] };
      x += w.length * 10 + 10;
      return word;
    });
    return { text, conf, bbox: [x0, y, x - x0 - 10, 20], words };
  };
  const speck = (text: string, x: number, y: number): OcrLine => ({ text, conf: 43, bbox: [x, y, 2, 2], words: [{ text, conf: 43, bbox: [x, y, 2, 2] }] });
  it('is not given with a part read as a speck: the valid zone gives the whole name', () => {
    // (Generated passport, variety seed 2101: a speck under the surname's label taken for it, the surname read further right.)
    const lines = [line('SOBRENOME / SURNAME', 400, 280), speck(';', 400, 310), line('RIBEIRO', 420, 330, 30), line('NOME / GIVEN NAMES', 400, 370), line('RAFAEL NASCIMENTO', 401, 403)];
    expect(extractFields('PASSAPORTE', lines, undefined).find((f) => f.key === 'nome')).toBeUndefined();
    expect(extractFields('PASSAPORTE', lines, zone()).find((f) => f.key === 'nome')?.value).toBe('RAFAEL NASCIMENTO RIBEIRO');
  });
  it("gives way to the zone's number where it was cut out of a longer word, and only there", () => {
    // (Generated passport, variety seed 2107: `APA475787` read under the label, a letter too many; the stretch the
    // printed form matches is PA475787, which passes the zone's check digit as AP475787 does.)
    const numberOf = (printed: string, withZone = true) =>
      extractFields('PASSAPORTE', [line('PASSAPORTE N / PASSPORT No', 400, 200), line(printed, 400, 230)], withZone ? zone() : undefined).find((f) => f.key === 'numeroPassaporte')?.value;
    expect(numberOf('APA475787')).toBe('AP475787');
    expect(numberOf('AP4757870')).toBe('AP475787');
    // Without a zone the stretch is all there is; a whole word read as printed stays (the check cannot tell them apart).
    expect(numberOf('APA475787', false)).toBe('PA475787');
    expect(numberOf('PA475787')).toBe('PA475787');
  });
});
