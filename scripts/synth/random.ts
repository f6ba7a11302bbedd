import { cnhCheckDigits, cpfWithCheckDigits } from '../../lib/engines/br';

/** Small deterministic PRNG (mulberry32): the same seed gives the same document. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
    float: (min: number, max: number) => min + next() * (max - min),
    /** A standard normal sample (Box–Muller). */
    gauss: () => Math.sqrt(-2 * Math.log(Math.max(1e-9, next()))) * Math.cos(2 * Math.PI * next()),
  };
}
export type Rng = ReturnType<typeof rng>;

const FIRST = ['JOÃO', 'MARIA', 'JOSÉ', 'ANA', 'ANTÔNIO', 'FRANCISCA', 'CARLOS', 'PAULA', 'LUÍS', 'JÚLIA', 'FERNANDA', 'MÁRCIO', 'BEATRIZ', 'RAFAEL', 'LETÍCIA', 'GUSTAVO', 'CAMILA', 'ANDRÉ', 'LÚCIA', 'SÉRGIO', 'CONCEIÇÃO', 'RODRIGO', 'PATRÍCIA', 'THIAGO', 'VITÓRIA', 'JOAQUIM', 'INÊS', 'CAUÃ', 'ÍSIS', 'HEITOR'];
const LAST = ['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ARAÚJO', 'MELO', 'BARBOSA', 'ROCHA', 'DIAS', 'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS', 'CARDOSO', 'RAMOS', 'GONÇALVES', 'SANTANA', 'TEIXEIRA', 'CONCEIÇÃO', 'VIEIRA', 'MONTEIRO', 'AZEVEDO', 'BRAGANÇA', 'CASTRO'];
const CONNECT = ['DA', 'DE', 'DOS', 'DAS', 'DO'];
export const UFS = ['SP', 'RJ', 'MG', 'BA', 'RS', 'PR', 'PE', 'CE', 'PA', 'SC', 'GO', 'MA', 'AM', 'ES', 'PB', 'RN', 'MT', 'AL', 'PI', 'DF', 'MS', 'SE', 'RO', 'TO', 'AC', 'AP', 'RR'];
const CITIES = ['SÃO PAULO', 'RIO DE JANEIRO', 'BELO HORIZONTE', 'SALVADOR', 'PORTO ALEGRE', 'CURITIBA', 'RECIFE', 'FORTALEZA', 'BELÉM', 'FLORIANÓPOLIS', 'GOIÂNIA', 'SÃO LUÍS', 'MANAUS', 'VITÓRIA', 'JOÃO PESSOA', 'NATAL', 'CUIABÁ', 'MACEIÓ', 'TERESINA', 'BRASÍLIA', 'CAMPINAS', 'RIBEIRÃO PRETO', 'UBERLÂNDIA', 'PETRÓPOLIS'];

export function fullName(r: Rng): string {
  const parts = [r.pick(FIRST)];
  if (r.chance(0.4)) parts.push(r.pick(FIRST));
  const surnames = r.int(1, 3);
  for (let i = 0; i < surnames; i++) {
    if (r.chance(0.35)) parts.push(r.pick(CONNECT));
    parts.push(r.pick(LAST));
  }
  return parts.join(' ');
}

export const city = (r: Rng) => r.pick(CITIES);

export function cpf(r: Rng): string {
  for (;;) {
    const base = String(r.int(0, 999_999_999)).padStart(9, '0');
    if (!/^(\d)\1+$/.test(base)) return cpfWithCheckDigits(base);
  }
}

/** CNH registration number: 9 digits and two check digits (DENATRAN rule). */
export function cnhNumber(r: Rng): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => r.int(0, 9)).join('');
    const check = cnhCheckDigits(base);
    if (check) return base + check;
  }
}

/** A date as ISO, between two years. */
export function date(r: Rng, fromYear: number, toYear: number): string {
  const y = r.int(fromYear, toYear);
  const m = r.int(1, 12);
  const d = r.int(1, 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const br = (iso: string) => iso.split('-').reverse().join('/');

export function rgNumber(r: Rng): string {
  return String(r.int(1_000_000, 99_999_999));
}

export const formatCpf = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
