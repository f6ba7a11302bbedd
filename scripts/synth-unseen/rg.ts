import type { Typeface } from './fonts';
import { issuerOf } from './issuers';
import { backdrop, headings, pair, portrait, put, putInline, putLines, sheet, signature, text, type Drawn, type Sheet } from './paint';
import { day, dmy, dottedCpf, rgNumber, type Holder } from './people';
import type { Stream } from './random';
import { WORDS } from './words';

const W = 1640;
const H = 1100;
const TINTS: [number, number, number][] = [
  [214, 232, 214],
  [232, 226, 206],
  [220, 226, 240],
  [238, 222, 226],
];

/** The RG's data block with this issuer's wordings: labels above values, or beside them on older cards. */
function dataBlock(sh: Sheet, s: Stream, p: Holder, top: number, left: number): Record<string, string> {
  const rg = rgNumber(s);
  const issued = day(s, Math.max(1990, Number(p.birth.slice(0, 4)) + 1), 2024);
  const inline = s.maybe(0.3);
  const place = s.one([`${p.town}-${p.state}`, `${p.town}/${p.state}`, `${p.town} - ${p.state}`]);
  const cpfPrinted = s.maybe(0.5) ? dottedCpf(p.cpf) : `${p.cpf.slice(0, 9)}-${p.cpf.slice(9)}`;
  const w = (k: keyof typeof WORDS) => s.one(WORDS[k]);
  if (inline) {
    putInline(sh, w('rg'), rg.printed, left, top, 38);
    putInline(sh, w('expedicao'), dmy(issued), left + 0.5, top, 36);
    putInline(sh, w('nome'), p.name, left, top + 0.11, 38);
    putInline(sh, 'PAI', p.father, left, top + 0.22, 32);
    putInline(sh, 'MÃE', p.mother, left, top + 0.31, 32);
    putInline(sh, w('naturalidade'), place, left, top + 0.42, 32);
    putInline(sh, w('nascimento'), dmy(p.birth), left + 0.55, top + 0.42, 32);
    putInline(sh, w('cpf'), cpfPrinted, left, top + 0.53, 34);
  } else {
    put(sh, w('rg'), rg.printed, left, top, 40, sh.w * 0.4);
    put(sh, w('expedicao'), dmy(issued), left + 0.5, top, 38, sh.w * 0.4);
    put(sh, w('nome'), p.name, left, top + 0.13, 40);
    putLines(sh, w('filiacao'), [p.father, p.mother], left, top + 0.26, 32);
    put(sh, w('naturalidade'), place, left, top + 0.47, 34, sh.w * 0.45);
    put(sh, w('nascimento'), dmy(p.birth), left + 0.52, top + 0.47, 34, sh.w * 0.4);
    put(sh, w('cpf'), cpfPrinted, left, top + 0.6, 34, sh.w * 0.4);
  }
  return { rg: rg.digits, dataExpedicao: issued, nome: p.name, 'filiacao.0': p.father, 'filiacao.1': p.mother, naturalidade: `${p.town}/${p.state}`, dataNascimento: p.birth, cpf: p.cpf };
}

/** Photo side of the old RG (Lei 7.116/83 model): state headings, photo, thumbprint, signature; no data. */
export function rgPhotoSide(s: Stream, p: Holder, face: Typeface): Drawn {
  const sh = sheet(W, H, s, face);
  backdrop(sh, s.one(TINTS), [240, 240, 232]);
  const issuer = issuerOf(p.state);
  headings(sh, ['REPÚBLICA FEDERATIVA DO BRASIL', ...issuer.headings.slice(0, s.whole(1, 3)), 'CARTEIRA DE IDENTIDADE'], W * 0.62, H * 0.1, 28);
  const left = s.maybe(0.7);
  portrait(sh, W * (left ? 0.05 : 0.72), H * 0.32, W * 0.22, H * 0.42);
  const tx = left ? 0.75 : 0.06;
  sh.ctx.strokeStyle = '#444';
  sh.ctx.lineWidth = 2;
  sh.ctx.strokeRect(W * tx, H * 0.42, W * 0.18, H * 0.33);
  text(sh, s.one(['POLEGAR DIREITO', 'IMPRESSÃO DIGITAL', 'POLEGAR DIREITO / RIGHT THUMB']), W * tx, H * 0.8, 22, face.label, sh.labelInk);
  signature(sh, W * 0.33, H * 0.72, W * 0.36, s.one(['ASSINATURA DO TITULAR', 'ASSINATURA DO PORTADOR']));
  return { canvas: sh.canvas, variant: 'rg-antigo-lado-foto', fields: {} };
}

/** Data side of the old RG. */
export function rgDataSide(s: Stream, p: Holder, face: Typeface): Drawn {
  const sh = sheet(W, H, s, face);
  backdrop(sh, s.one(TINTS), [236, 236, 228]);
  if (s.maybe(0.85)) text(sh, s.one(['VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 'VÁLIDA EM TODO TERRITÓRIO NACIONAL']), W * 0.05, H * 0.07, 30, face.heading, '#13294b');
  const fields = dataBlock(sh, s, p, 0.15, 0.05);
  put(sh, s.one(['DOC. ORIGEM', 'CERTIDÃO', 'DOCUMENTO DE ORIGEM']), `${s.one(['C.NASC', 'C.CAS', 'CERT NASC'])} ${s.whole(1000, 99999)} LV ${s.one(['A', 'B'])}${s.whole(10, 300)} FL ${s.whole(1, 300)}`, 0.05, 0.82, 26, W * 0.5);
  signature(sh, W * 0.58, H * 0.9, W * 0.32, s.one(['ASSINATURA DO DIRETOR', 'DIRETOR DO INSTITUTO', 'O DIRETOR']));
  if (s.maybe(0.7)) text(sh, s.one(['LEI Nº 7.116 DE 29/08/83', 'LEI 7116 DE 29.08.1983']), W * 0.05, H * 0.97, 20, face.label, sh.labelInk);
  return { canvas: sh.canvas, variant: 'rg-antigo-lado-dados', fields };
}

/** The state "new RG": data and photo together on the front (several states' models since about 2019). */
export function rgNewFront(s: Stream, p: Holder, face: Typeface): Drawn {
  const sh = sheet(1720, 1084, s, face);
  backdrop(sh, [226, 232, 244], [244, 238, 226]);
  const issuer = issuerOf(p.state);
  headings(sh, ['REPÚBLICA FEDERATIVA DO BRASIL', issuer.headings[0]!, s.one(['CARTEIRA DE IDENTIDADE', 'CÉDULA DE IDENTIDADE'])], 1720 * 0.5, 1084 * 0.07, 28);
  portrait(sh, 1720 * 0.76, 1084 * 0.26, 1720 * 0.2, 1084 * 0.44);
  const fields = dataBlock(sh, s, p, 0.27, 0.04);
  return { canvas: sh.canvas, variant: `rg-novo-${p.state.toLowerCase()}`, fields };
}

export function rgOpened(s: Stream, p: Holder, face: Typeface): Drawn {
  const photo = rgPhotoSide(s, p, face);
  const data = rgDataSide(s, p, face);
  const photoFirst = s.maybe(0.8);
  return { canvas: pair(photoFirst ? photo.canvas : data.canvas, photoFirst ? data.canvas : photo.canvas, true, s.one(['#f6f4ef', '#ffffff', '#e9e6df'])), variant: 'rg-antigo-aberto', fields: data.fields };
}
