import { loadImage } from '@napi-rs/canvas';
import { qrPng } from '../../lib/engines/qr';
import { MRZ_FACE, type Typeface } from './fonts';
import { issuerOf } from './issuers';
import { td1 } from './mrz';
import { backdrop, headings, portrait, put, putLines, sheet, signature, zone, type Drawn } from './paint';
import { addYears, day, dmy, dottedCpf, type Holder } from './people';
import type { Stream } from './random';

const W = 1720;
const H = 1084;
/** The CIN's printed heading: most states write just "CARTEIRA DE IDENTIDADE". */
const TITLES = [['CARTEIRA DE IDENTIDADE'], ['CARTEIRA DE IDENTIDADE NACIONAL'], ['IDENTITY CARD', 'CARTEIRA DE IDENTIDADE']];
const place = (p: Holder, s: Stream) => s.one([`${p.town}/${p.state}`, `${p.town} - ${p.state}`, `${p.town} (${p.state})`]);

/** Issue and expiry of a CIN: ten years for adults (the model exists since 2022). */
export function cinDates(s: Stream, p: Holder) {
  const issued = day(s, 2022, 2025);
  return { issued, expiry: addYears(issued, Number(p.birth.slice(0, 4)) > 2006 ? 5 : 10) };
}

export function cinFront(s: Stream, p: Holder, face: Typeface, d = cinDates(s, p)): Drawn {
  const sh = sheet(W, H, s, face);
  backdrop(sh, [228, 236, 244], [242, 232, 220]);
  const issuer = issuerOf(p.state);
  const photoLeft = s.maybe(0.75);
  const px = photoLeft ? 0.04 : 0.7;
  headings(sh, ['REPÚBLICA FEDERATIVA DO BRASIL', ...(s.maybe(0.5) ? [issuer.headings[0]!] : []), ...s.one(TITLES)], W * 0.55, H * 0.08, 30);
  portrait(sh, W * px, H * 0.27, W * 0.25, H * 0.48);
  signature(sh, W * px, H * 0.88, W * 0.25, s.one(['Assinatura / Signature', 'ASSINATURA DO TITULAR']));
  const x0 = photoLeft ? 0.33 : 0.04;
  const bi = s.maybe(0.7);
  const L = (pt: string, en: string) => (bi ? `${pt} / ${en}` : pt);
  put(sh, L(s.one(['Nome', 'NOME']), 'Name'), p.name, x0, 0.29, 44, W * 0.62);
  let y = 0.4;
  if (p.socialName) {
    put(sh, L('Nome Social', 'Social Name'), p.socialName, x0, y, 36, W * 0.62);
    y += 0.1;
  }
  put(sh, L(s.one(['Registro Geral - CPF', 'CPF', 'Número / CPF']), 'Personal Number'), dottedCpf(p.cpf), x0, y, 40, W * 0.3);
  put(sh, L('Sexo', 'Sex'), p.sex, x0 + 0.33, y, 40, W * 0.12);
  y += 0.12;
  put(sh, L('Nacionalidade', 'Nationality'), s.one(['BRA', 'BRASILEIRA']), x0, y, 38, W * 0.3);
  put(sh, L('Data de Nascimento', 'Date of Birth'), dmy(p.birth), x0 + 0.3, y, 38, W * 0.3);
  y += 0.12;
  put(sh, L(s.one(['Validade', 'Data de Validade']), 'Expiry'), dmy(d.expiry), x0, y, 38, W * 0.3);
  put(sh, L('UF Emissora', 'Issuing State'), p.state, x0 + 0.3, y, 38, W * 0.3);
  return { canvas: sh.canvas, variant: `cin-2022-frente-${photoLeft ? 'foto-esq' : 'foto-dir'}`, fields: { nome: p.name, sexo: p.sex, nacionalidade: 'BRA', dataNascimento: p.birth, cpf: p.cpf, validade: d.expiry } };
}

export async function cinBack(s: Stream, p: Holder, face: Typeface, d = cinDates(s, p)): Promise<Drawn> {
  const sh = sheet(W, H, s, face);
  backdrop(sh, [236, 240, 228], [222, 232, 244]);
  const issuer = issuerOf(p.state);
  const bi = s.maybe(0.7);
  const L = (pt: string, en: string) => (bi ? `${pt} / ${en}` : pt);
  const parents = s.maybe(0.3);
  if (parents) {
    put(sh, L('Pai', 'Father'), p.father, 0.04, 0.07, 34, W * 0.6);
    put(sh, L('Mãe', 'Mother'), p.mother, 0.04, 0.17, 34, W * 0.6);
  } else {
    putLines(sh, L('Filiação', 'Filiation'), [p.father, p.mother], 0.04, 0.07, 34, W * 0.6);
  }
  put(sh, L('Naturalidade', 'Place of Birth'), place(p, s), 0.04, 0.3, 34, W * 0.6);
  put(sh, L('Órgão Expedidor', 'Issuing Authority'), `${issuer.body}/${p.state}`, 0.04, 0.41, 30, W * 0.3);
  put(sh, L('Local de Emissão', 'Place of Issue'), `${p.town}/${p.state}`, 0.36, 0.41, 30, W * 0.3);
  put(sh, L('Data de Emissão', 'Date of Issue'), dmy(d.issued), 0.04, 0.52, 30, W * 0.3);
  // The real QR carries a signed verification link: no fields in it are read back here.
  const qr = await loadImage(await qrPng(`https://verifica.cin.example.br/v1/${p.cpf.split('').reverse().join('')}${s.whole(100000, 999999)}`));
  const q = H * 0.4;
  sh.ctx.fillStyle = '#fff';
  sh.ctx.fillRect(W * 0.74 - 10, H * 0.08 - 10, q + 20, q + 20);
  sh.ctx.drawImage(qr, W * 0.74, H * 0.08, q, q);
  const serial = `${String.fromCharCode(65 + s.whole(0, 25))}${s.whole(10_000_000, 99_999_999)}`;
  zone(sh, td1(p, { code: 'ID', number: serial, expiry: d.expiry, optional: p.cpf }), MRZ_FACE);
  return {
    canvas: sh.canvas,
    variant: `cin-2022-verso${parents ? '-pai-mae' : ''}`,
    fields: { 'filiacao.0': p.father, 'filiacao.1': p.mother, naturalidade: `${p.town}/${p.state}`, 'mrz.valid': 'true', cpf: p.cpf, dataNascimento: p.birth, validade: d.expiry },
  };
}
