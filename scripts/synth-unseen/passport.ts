import { MRZ_FACE, type Typeface } from './fonts';
import { td3 } from './mrz';
import { backdrop, headings, portrait, put, sheet, signature, zone, type Drawn } from './paint';
import { addYears, day, dmy, type Holder } from './people';
import type { Stream } from './random';

const W = 1500;
const H = 1056;
const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];
const MONTHS_EN = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Passport data page (the 2015+ Brazilian model's fields, drawn here in other positions and faces). */
export function passportPage(s: Stream, p: Holder, face: Typeface): Drawn {
  const sh = sheet(W, H, s, face);
  backdrop(sh, [240, 234, 216], [226, 232, 238]);
  // Dates as digits, or day, bilingual month and year as several countries print them.
  const spelled = s.maybe(0.3);
  const when = (iso: string) => (spelled ? `${iso.slice(8)} ${MONTHS[Number(iso.slice(5, 7)) - 1]}/${MONTHS_EN[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}` : dmy(iso));
  headings(sh, ['REPÚBLICA FEDERATIVA DO BRASIL', s.one(['PASSAPORTE / PASSPORT', 'PASSAPORTE / PASSPORT / PASSEPORT'])], W * 0.6, H * 0.07, 28);
  portrait(sh, W * 0.04, H * 0.16, W * 0.24, H * 0.42);
  const number = `${String.fromCharCode(65 + s.whole(0, 25))}${String.fromCharCode(65 + s.whole(0, 25))}${s.whole(100000, 999999)}`;
  const issued = day(s, 2016, 2025);
  // Passports of minors are valid for 5 years, of adults for 10.
  const expiry = addYears(issued, Number(issued.slice(0, 4)) - Number(p.birth.slice(0, 4)) < 18 ? 5 : 10);
  put(sh, 'TIPO / TYPE', 'P', 0.31, 0.17, 28, W * 0.1);
  put(sh, 'CÓDIGO DO PAÍS / COUNTRY CODE', 'BRA', 0.43, 0.17, 28, W * 0.2);
  put(sh, s.one(['PASSAPORTE Nº / PASSPORT No.', 'Nº DO PASSAPORTE / PASSPORT No.']), number, 0.7, 0.17, 30, W * 0.28);
  put(sh, s.one(['SOBRENOME / SURNAME', 'Sobrenome / Surname']), p.surname, 0.31, 0.27, 32, W * 0.66);
  put(sh, s.one(['NOME / GIVEN NAMES', 'Nome / Given names']), p.given, 0.31, 0.37, 32, W * 0.66);
  put(sh, 'NACIONALIDADE / NATIONALITY', s.one(['BRASILEIRO(A)', 'BRASILEIRA', 'BRASILEIRO']), 0.31, 0.47, 28, W * 0.4);
  put(sh, 'DATA DE NASCIMENTO / DATE OF BIRTH', when(p.birth), 0.31, 0.56, 28, W * 0.36);
  put(sh, 'SEXO / SEX', p.sex, 0.72, 0.56, 28, W * 0.2);
  put(sh, 'NATURALIDADE / PLACE OF BIRTH', `${p.town}/${p.state}`, 0.31, 0.65, 26, W * 0.5);
  put(sh, 'DATA DE EXPEDIÇÃO / DATE OF ISSUE', when(issued), 0.04, 0.66, 26, W * 0.3);
  put(sh, s.one(['VÁLIDO ATÉ / DATE OF EXPIRY', 'VALIDADE / DATE OF EXPIRY']), when(expiry), 0.64, 0.65, 26, W * 0.33);
  put(sh, 'AUTORIDADE / AUTHORITY', s.one(['DPF', 'POLÍCIA FEDERAL', 'SR/PF/' + p.state]), 0.31, 0.74, 24, W * 0.3);
  signature(sh, W * 0.62, H * 0.78, W * 0.3, 'ASSINATURA DO TITULAR / SIGNATURE');
  zone(sh, td3(p, { code: 'P<', number, expiry }), MRZ_FACE);
  return {
    canvas: sh.canvas,
    variant: `passaporte-${spelled ? 'datas-por-extenso' : 'datas-numericas'}`,
    fields: { numeroPassaporte: number, nome: p.name, nacionalidade: 'BRA', dataNascimento: p.birth, sexo: p.sex, dataEmissao: issued, validade: expiry, 'mrz.valid': 'true' },
  };
}
