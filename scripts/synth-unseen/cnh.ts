import { loadImage } from '@napi-rs/canvas';
import { qrPng } from '../../lib/engines/qr';
import { MRZ_FACE, type Typeface } from './fonts';
import { issuerOf } from './issuers';
import { td1 } from './mrz';
import { backdrop, headings, pair, portrait, put, putLines, sheet, signature, text, zone, type Drawn, type Sheet } from './paint';
import { addYears, day, dmy, dottedCpf, registro, rgNumber, type Holder } from './people';
import type { Stream } from './random';
import { CNH22, WORDS } from './words';

const W = 1720;
const H = 1084;
export type CnhModel = 'cnh-antiga' | 'cnh-2022';

/** What a CNH says about its holder, shared by its two sides. */
export interface License {
  model: CnhModel;
  registro: string;
  rg: string;
  rgPrinted: string;
  body: string;
  issued: string;
  expiry: string;
  first: string;
  category: string;
}

/** Years a CNH is valid (CTB art. 147 as changed by Lei 14.071/2020 from 12 April 2021; before it, 5 years, 3 from 65). */
function cnhValidity(age: number, issued: string): number {
  if (issued < '2021-04-12') return age >= 65 ? 3 : 5;
  return age < 50 ? 10 : age < 70 ? 5 : 3;
}

export function license(s: Stream, p: Holder, model: CnhModel): License {
  const born = Number(p.birth.slice(0, 4));
  // Holders are licensed from 18, so a card is issued a year after that at the earliest.
  const issued = model === 'cnh-2022' ? day(s, Math.min(2025, Math.max(2022, born + 19)), 2025) : day(s, Math.min(2021, Math.max(2013, born + 19)), 2021);
  const rg = rgNumber(s);
  return {
    model,
    registro: registro(s),
    rg: rg.digits,
    rgPrinted: rg.printed,
    body: issuerOf(p.state).body,
    issued,
    expiry: addYears(issued, cnhValidity(Number(issued.slice(0, 4)) - born, issued)),
    first: day(s, Math.max(1975, born + 18), Math.max(Number(issued.slice(0, 4)) - 1, born + 18)),
    category: s.one(['B', 'AB', 'A', 'C', 'D', 'AC', 'AD', 'E']),
  };
}

const one = <T extends readonly string[]>(s: Stream, xs: T) => s.one(xs);

export function cnhFront(s: Stream, p: Holder, face: Typeface, l: License): Drawn {
  const sh = sheet(W, H, s, face);
  const y22 = l.model === 'cnh-2022';
  backdrop(sh, y22 ? [232, 240, 214] : [206, 228, 206], y22 ? [246, 236, 196] : [224, 236, 216]);
  headings(sh, ['REPÚBLICA FEDERATIVA DO BRASIL', y22 ? s.one(['MINISTÉRIO DA INFRAESTRUTURA', 'MINISTÉRIO DOS TRANSPORTES']) : 'MINISTÉRIO DAS CIDADES', y22 ? 'SECRETARIA NACIONAL DE TRÂNSITO' : s.one(['DEPARTAMENTO NACIONAL DE TRÂNSITO', 'DENATRAN']), y22 ? s.one(['CARTEIRA NACIONAL DE HABILITAÇÃO / DRIVER LICENSE / PERMIS DE CONDUIRE', 'CARTEIRA NACIONAL DE HABILITAÇÃO']) : 'CARTEIRA NACIONAL DE HABILITAÇÃO'], W * 0.55, H * 0.06, 26);
  portrait(sh, W * 0.04, H * 0.27, W * 0.21, H * 0.46);
  const doc = `${l.rgPrinted} ${l.body} ${p.state}`;
  const fields: Record<string, string> = {
    nome: p.name,
    dataNascimento: p.birth,
    rg: l.rg,
    orgaoEmissor: l.body,
    ufEmissor: p.state,
    cpf: p.cpf,
    numeroRegistro: l.registro,
    validade: l.expiry,
    primeiraHabilitacao: l.first,
    categoria: l.category,
    'filiacao.0': p.father,
    'filiacao.1': p.mother,
  };
  if (y22) {
    put(sh, one(s, CNH22.nome), p.name, 0.28, 0.27, 40, W * 0.68);
    signature(sh, W * 0.28, H * 0.43, W * 0.3, 'ASSINATURA DO PORTADOR');
    put(sh, one(s, CNH22.nascimento), `${dmy(p.birth)}, ${p.town}, ${p.state}`, 0.28, 0.48, 34, W * 0.68);
    put(sh, one(s, CNH22.emissao), dmy(l.issued), 0.28, 0.58, 34, W * 0.22);
    put(sh, one(s, CNH22.validade), dmy(l.expiry), 0.52, 0.58, 34, W * 0.22);
    put(sh, one(s, CNH22.primeira), dmy(l.first), 0.75, 0.58, 34, W * 0.22);
    put(sh, one(s, CNH22.doc), doc, 0.28, 0.68, 34, W * 0.4);
    put(sh, one(s, CNH22.cpf), dottedCpf(p.cpf), 0.7, 0.68, 34, W * 0.27);
    put(sh, one(s, CNH22.registro), l.registro, 0.28, 0.78, 34, W * 0.3);
    put(sh, one(s, CNH22.categoria), l.category, 0.62, 0.78, 34, W * 0.2);
    putLines(sh, one(s, CNH22.filiacao), [p.father, p.mother], 0.04, 0.82, 28, W * 0.5);
    Object.assign(fields, { naturalidade: `${p.town}/${p.state}`, dataEmissao: l.issued });
  } else {
    const w = (k: keyof typeof WORDS) => s.one(WORDS[k]);
    put(sh, w('nome'), p.name, 0.28, 0.27, 40, W * 0.68);
    put(sh, w('docIdentidade'), doc, 0.28, 0.38, 34, W * 0.45);
    put(sh, w('cpf'), dottedCpf(p.cpf), 0.28, 0.49, 34, W * 0.3);
    put(sh, w('nascimento'), dmy(p.birth), 0.6, 0.49, 34, W * 0.3);
    putLines(sh, w('filiacao'), [p.father, p.mother], 0.28, 0.6, 30, W * 0.5);
    put(sh, 'PERMISSÃO', '', 0.8, 0.6, 30);
    put(sh, w('categoria'), l.category, 0.84, 0.38, 38, W * 0.14);
    put(sh, w('registro'), l.registro, 0.28, 0.82, 34, W * 0.3);
    put(sh, w('validade'), dmy(l.expiry), 0.56, 0.82, 34, W * 0.2);
    put(sh, w('primeira'), dmy(l.first), 0.76, 0.82, 34, W * 0.22);
  }
  return { canvas: sh.canvas, variant: `${l.model}-frente`, fields };
}

/** The QR's payload: some readers' apps show it as JSON, others as lines of key: value. */
function payload(s: Stream, data: Record<string, string>): string {
  return s.maybe(0.5) ? JSON.stringify(data) : Object.entries(data).map(([k, v]) => `${k}: ${v}`).join('\n');
}

async function drawQr(sh: Sheet, text: string, x: number, y: number, size: number) {
  const qr = await loadImage(await qrPng(text));
  sh.ctx.fillStyle = '#fff';
  sh.ctx.fillRect(x - 12, y - 12, size + 24, size + 24);
  sh.ctx.drawImage(qr, x, y, size, size);
}

export async function cnhBack(s: Stream, p: Holder, face: Typeface, l: License): Promise<Drawn> {
  const sh = sheet(W, H, s, face);
  const y22 = l.model === 'cnh-2022';
  backdrop(sh, y22 ? [236, 242, 220] : [210, 230, 210], [238, 238, 226]);
  const data = { nome: p.name, cpf: p.cpf, numeroRegistro: l.registro, dataNascimento: p.birth, validade: l.expiry };
  const fields: Record<string, string> = Object.fromEntries(Object.entries(data).map(([k, v]) => [`qrCode.${k}`, v]));
  if (y22) {
    // Category table: each category with its dates.
    const cats = ['ACC', 'A', 'A1', 'B', 'B1', 'C', 'C1', 'D', 'D1', 'BE', 'CE', 'DE'];
    cats.forEach((c, i) => {
      const y = H * (0.08 + (i % 6) * 0.065);
      const x = W * (i < 6 ? 0.04 : 0.3);
      text(sh, c, x, y, 24, face.value, sh.ink);
      text(sh, l.category.includes(c) ? dmy(l.first) : '—', x + 70, y, 22, face.label, sh.labelInk);
    });
    put(sh, s.one(['12 OBSERVAÇÕES / REMARKS', '12 OBSERVAÇÕES']), s.one(['EAR', 'A', '—', 'D']), 0.04, 0.5, 30, W * 0.5);
    put(sh, s.one(['LOCAL / PLACE', 'LOCAL']), `${p.town}, ${p.state}`, 0.04, 0.61, 30, W * 0.5);
    await drawQr(sh, payload(s, data), W * 0.66, H * 0.06, H * 0.5);
    zone(sh, td1(p, { code: 'I<', number: l.registro.slice(0, 9), expiry: l.expiry }), MRZ_FACE);
    fields['mrz.valid'] = 'true';
  } else {
    text(sh, 'VÁLIDA EM TODO O TERRITÓRIO NACIONAL', W * 0.05, H * 0.07, 28, face.heading, '#13294b');
    await drawQr(sh, payload(s, data), W * 0.06, H * 0.14, H * 0.46);
    put(sh, s.one(['OBSERVAÇÕES', 'OBS.']), s.one(['A', 'EAR', '', 'D']), 0.45, 0.15, 30, W * 0.5);
    put(sh, 'LOCAL', `${p.town}, ${p.state}`, 0.45, 0.36, 32, W * 0.5);
    put(sh, s.one(WORDS.emissao), dmy(l.issued), 0.45, 0.5, 32, W * 0.3);
    signature(sh, W * 0.45, H * 0.78, W * 0.4, 'ASSINATURA DO EMISSOR');
    text(sh, `DETRAN-${p.state}`, W * 0.06, H * 0.8, 40, face.heading, '#13294b');
    fields.dataEmissao = l.issued;
  }
  return { canvas: sh.canvas, variant: `${l.model}-verso`, fields };
}

/** Both sides on one picture: the document opened flat, side by side or one above the other. */
export async function cnhOpened(s: Stream, p: Holder, face: Typeface, l: License): Promise<Drawn> {
  const front = cnhFront(s, p, face, l);
  const back = await cnhBack(s, p, face, l);
  const sideBySide = s.maybe(0.5);
  const backFirst = l.model === 'cnh-antiga' && sideBySide && s.maybe(0.5);
  const canvas = backFirst ? pair(back.canvas, front.canvas, true) : pair(front.canvas, back.canvas, sideBySide);
  return { canvas, variant: `${l.model}-aberta-${sideBySide ? 'lado-a-lado' : 'empilhada'}`, fields: { ...front.fields, ...back.fields } };
}
