import { cnhCheckDigits, cpfWithCheckDigits } from '../../lib/engines/br';
import type { Stream } from './random';

/** Given names with and without accents, as registries print them. */
const GIVEN_F = ['INÊS', 'CONCEIÇÃO', 'LUÍSA', 'MÔNICA', 'GLÓRIA', 'ADRIANA', 'SIMONE', 'TATIANE', 'RAQUEL', 'DÉBORA', 'ÂNGELA', 'CLÁUDIA', 'SÔNIA', 'VALÉRIA', 'ROSÂNGELA', 'NATÁLIA', 'ELIANE', 'HELENA', 'MÁRCIA', 'ALINE', 'VANESSA', 'JOSEFA', 'LÍVIA', 'REGINA', 'AURÉLIA', 'IRACEMA'];
const GIVEN_M = ['FÁBIO', 'JOÃO', 'CAIO', 'SEBASTIÃO', 'ESTÊVÃO', 'OTÁVIO', 'VINÍCIUS', 'CÉSAR', 'LEANDRO', 'EDUARDO', 'MAURÍCIO', 'RENATO', 'FLÁVIO', 'GILBERTO', 'ROMÁRIO', 'DOUGLAS', 'NÍCOLAS', 'ÍTALO', 'WELLINGTON', 'BENEDITO', 'ADEMIR', 'GERALDO', 'JÚLIO', 'MOISÉS', 'ÉDSON'];
const FAMILY = ['ASSUNÇÃO', 'BRANDÃO', 'CAVALCANTI', 'DAMASCENO', 'ESPÍNDOLA', 'FALCÃO', 'GUIMARÃES', 'HOLANDA', 'IGREJAS', 'JATOBÁ', 'LOUREIRO', 'MAGALHÃES', 'NOGUEIRA', 'PAIXÃO', 'QUEIRÓS', 'RESENDE', 'SAMPAIO', 'TAVARES', 'VALADÃO', 'XAVIER', 'ZANETTI', 'BARRETO', 'CORDEIRO', 'FONSECA', 'PEIXOTO', 'SIQUEIRA', 'ARRUDA', 'BEZERRA', 'MATTOS', 'CONCEIÇÃO', 'ESTRELA', 'MEIRELES', 'PRADO', 'LEMOS'];
const JOINERS = ['DE', 'DA', 'DOS', 'DAS', 'DO', 'E'];

/** Towns per state (capital and inland), to write birthplaces and places of issue. */
const TOWN_LIST: Record<string, string> = {
  SP: 'SÃO JOSÉ DOS CAMPOS|SOROCABA|BAURU|JUNDIAÍ|ARARAQUARA',
  RJ: 'NITERÓI|NOVA IGUAÇU|VOLTA REDONDA|CABO FRIO',
  MG: 'JUIZ DE FORA|MONTES CLAROS|GOVERNADOR VALADARES|UBERABA|POÇOS DE CALDAS',
  BA: 'FEIRA DE SANTANA|VITÓRIA DA CONQUISTA|ILHÉUS|JUAZEIRO',
  PE: 'CARUARU|OLINDA|PETROLINA|GARANHUNS',
  RS: 'PELOTAS|CAXIAS DO SUL|SANTA MARIA|PASSO FUNDO',
  PR: 'LONDRINA|MARINGÁ|CASCAVEL|FOZ DO IGUAÇU',
  CE: 'SOBRAL|CRATO|QUIXADÁ|IGUATU',
  GO: 'ANÁPOLIS|RIO VERDE|CATALÃO',
  PA: 'SANTARÉM|MARABÁ|CASTANHAL',
  SC: 'JOINVILLE|BLUMENAU|CHAPECÓ|CRICIÚMA',
  DF: 'BRASÍLIA|TAGUATINGA|CEILÂNDIA',
  MA: 'IMPERATRIZ|CAXIAS|BACABAL',
  PB: 'CAMPINA GRANDE|PATOS|SOUSA',
  AM: 'PARINTINS|ITACOATIARA|MANACAPURU',
};
export const TOWNS: Record<string, string[]> = Object.fromEntries(Object.entries(TOWN_LIST).map(([uf, towns]) => [uf, towns.split('|')]));
export const STATES = Object.keys(TOWNS);

export interface Holder {
  name: string;
  /** Given names and surnames as the MRZ splits them. */
  given: string;
  surname: string;
  sex: 'M' | 'F';
  cpf: string;
  birth: string;
  father: string;
  mother: string;
  state: string;
  town: string;
  /** An optional social name (CIN), never part of the truth's `nome`. */
  socialName?: string;
}

function name(s: Stream, sex: 'M' | 'F'): { given: string; surname: string } {
  const pool = sex === 'M' ? GIVEN_M : GIVEN_F;
  const given = [s.one(pool)];
  if (s.maybe(0.45)) given.push(s.one(pool.filter((g) => g !== given[0])));
  const surname: string[] = [];
  const count = s.whole(1, 3);
  // At most one joining word ("DE", "DA", "DOS"…) before one of the surnames.
  const joinAt = s.maybe(0.35) ? s.whole(0, count - 1) : -1;
  for (let i = 0; i < count; i++) {
    if (i === joinAt) surname.push(s.one(JOINERS.slice(0, 5)));
    surname.push(s.one(FAMILY.filter((f) => !surname.includes(f))));
  }
  return { given: given.join(' '), surname: surname.join(' ') };
}

const full = (n: { given: string; surname: string }) => `${n.given} ${n.surname}`;

/** A calendar date as ISO yyyy-mm-dd (the engine's canonical form), any day of the month. */
export function day(s: Stream, from: number, to: number): string {
  const y = s.whole(from, to);
  const m = s.whole(1, 12);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(s.whole(1, last)).padStart(2, '0')}`;
}

export const addYears = (iso: string, n: number) => `${Number(iso.slice(0, 4)) + n}${iso.slice(4).replace('-02-29', '-02-28')}`;

export function holder(s: Stream): Holder {
  const sex = s.maybe(0.5) ? 'M' : 'F';
  const own = name(s, sex);
  const state = s.one(STATES);
  const base = String(s.whole(1_000_000, 998_999_999)).padStart(9, '0');
  return {
    name: full(own),
    ...own,
    sex,
    cpf: cpfWithCheckDigits(base),
    birth: day(s, 1948, 2006),
    father: full(name(s, 'M')),
    mother: full(name(s, 'F')),
    state,
    town: s.one(TOWNS[state]!),
    socialName: s.maybe(0.2) ? full(name(s, sex === 'M' ? 'F' : 'M')) : undefined,
  };
}

export function registro(s: Stream): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => s.whole(0, 9)).join('');
    const check = cnhCheckDigits(base);
    if (check && base[0] !== '0') return base + check;
  }
}

/** A state RG number: 7 to 9 digits; printed with dots and a dash by some issuers. */
export function rgNumber(s: Stream): { digits: string; printed: string } {
  const digits = String(s.whole(1_000_000, 199_999_999));
  const dotted = digits.length >= 8 ? `${digits.slice(0, -7)}.${digits.slice(-7, -4)}.${digits.slice(-4, -1)}-${digits.slice(-1)}` : digits;
  return { digits, printed: s.maybe(0.5) ? dotted : digits };
}

export const dmy = (iso: string, sep = '/') => iso.split('-').reverse().join(sep);
export const dottedCpf = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
