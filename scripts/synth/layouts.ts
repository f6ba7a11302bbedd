import { AsyncLocalStorage } from 'node:async_hooks';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { qrPng } from './qr';
import { FONT_SETS, MRZ_FONTS, OCRB, registerFonts, registerOcrb } from './fonts';
import { td1, td3 } from './mrz';
import { jitter, varyHeading, varyLabel, type Variety } from './variety';
import { maxValidity } from '../../lib/engines/documents/dates-plausible';
import { br, city, cnhNumber, cpf, date, formatCpf, fullName, rgNumber, rng, UFS, type Rng } from './random';

export type DocType = 'CNH_FRENTE' | 'CNH_VERSO' | 'CNH_ABERTA' | 'RG_FRENTE' | 'RG_VERSO' | 'RG_ABERTO' | 'CIN_FRENTE' | 'CIN_VERSO' | 'PASSAPORTE' | 'CPF';
export const DOC_TYPES: DocType[] = ['CNH_FRENTE', 'CNH_VERSO', 'CNH_ABERTA', 'RG_FRENTE', 'RG_VERSO', 'RG_ABERTO', 'CIN_FRENTE', 'CIN_VERSO', 'PASSAPORTE', 'CPF'];
export const PARENT: Record<DocType, string> = {
  CNH_FRENTE: 'CNH',
  CNH_VERSO: 'CNH',
  CNH_ABERTA: 'CNH',
  RG_FRENTE: 'RG',
  RG_VERSO: 'RG',
  RG_ABERTO: 'RG',
  CIN_FRENTE: 'CIN',
  CIN_VERSO: 'CIN',
  PASSAPORTE: 'PASSAPORTE',
  CPF: 'CPF',
};

export interface Truth {
  typeRecognized: DocType;
  typeParentAlias: string;
  /** Canonical keys (see lib/engines/documents) to the exact expected values. */
  fields: Record<string, string>;
}

interface Pen {
  ctx: SKRSContext2D;
  label: string;
  value: string;
  ink: string;
}

function field(p: Pen, label: string, value: string, x: number, y: number, size: number) {
  const v = renderStore.getStore()?.variety;
  if (v) {
    label = varyLabel(v, label);
    [x, y] = jitter(v, x, y, size);
  }
  p.ctx.fillStyle = '#3a4a5a';
  p.ctx.font = `${Math.round(size * 0.55)}px "${p.label}"`;
  p.ctx.fillText(label, x, y);
  p.ctx.fillStyle = p.ink;
  p.ctx.font = `${size}px "${p.value}"`;
  p.ctx.fillText(value, x, y + size * 1.15);
  renderStore.getStore()?.boxes?.set(value, [x - 4, y + size * 0.3, p.ctx.measureText(value).width + 8, size * 1.05]);
}

/**
 * A machine-readable zone: on a white strip in a monospaced font, as the base layouts print it; with variety, as real
 * documents print it too: in OCR-B (ICAO 9303's font) and on the card's own background.
 */
function machineZone(ctx: SKRSContext2D, lines: string[], r: Rng, at: { x: number; y: number; pitch: number; px: number; strip: [number, number, number, number] }) {
  const v = renderStore.getStore()?.variety;
  const ocrb = v?.r.chance(0.6);
  if (ocrb) registerOcrb();
  if (!v?.r.chance(0.5)) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(...at.strip);
  }
  ctx.fillStyle = '#111111';
  // (OCR-B's letters are wider than the monospaced fonts' at one size: drawn smaller to keep the line on the page.)
  ctx.font = ocrb ? `${Math.round(at.px * 0.92)}px "${OCRB}"` : `${at.px}px "${r.pick(MRZ_FONTS)}"`;
  lines.forEach((l, i) => ctx.fillText(l, at.x, at.y + i * at.pitch));
}

function background(ctx: SKRSContext2D, w: number, h: number, r: Rng, base: [number, number, number]) {
  const [cr, cg, cb] = base.map((c) => Math.min(255, c + r.int(-12, 12)));
  ctx.fillStyle = `rgb(${cr},${cg},${cb})`;
  ctx.fillRect(0, 0, w, h);
  // Guilloche-like security lines.
  ctx.strokeStyle = `rgba(${cr! - 40},${cg! - 30},${cb! - 20},0.25)`;
  ctx.lineWidth = 1.5;
  for (let i = 0; i < 30; i++) {
    ctx.beginPath();
    const phase = r.next() * Math.PI * 2;
    for (let x = 0; x <= w; x += 20) {
      const y = h / 2 + Math.sin(x / (60 + i * 3) + phase) * (h / 2.2);
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
}

/** With `tamperMrz`, one birth-date digit of the zone changed and its check digit left as it was. */
function tampered(lines: string[], line: number, at: number): string[] {
  if (!renderStore.getStore()?.tamperMrz) return lines;
  const l = lines[line]!;
  const digit = String((Number(l[at]) + 1) % 10);
  return lines.map((x, i) => (i === line ? l.slice(0, at) + digit + l.slice(at + 1) : x));
}

/** How a document is drawn beyond its random content: a real face in the photo box, an MRZ made inconsistent, value boxes recorded (fraud tests). */
export interface RenderOptions {
  portrait?: Image;
  tamperMrz?: boolean;
  /** Filled with each printed value's box, in document pixels. */
  boxes?: Map<string, [number, number, number, number]>;
  /** Other issuers' wordings, letter case, headings and field positions (scripts/synth/variety.ts). */
  variety?: Variety;
}

export const renderStore = new AsyncLocalStorage<RenderOptions>();

/** A photograph drawn to cover the box, centred (a passport-style head and shoulders), its overflow cut. */
export function drawCovering(ctx: SKRSContext2D, image: Image, x: number, y: number, w: number, h: number) {
  const scale = Math.max(w / image.width, h / image.height);
  const [sw, sh] = [w / scale, h / scale];
  ctx.drawImage(image, (image.width - sw) / 2, (image.height - sh) / 2, sw, sh, x, y, w, h);
}

function photo(ctx: SKRSContext2D, x: number, y: number, w: number, h: number) {
  ctx.fillStyle = '#b8bec6';
  ctx.fillRect(x, y, w, h);
  const portrait = renderStore.getStore()?.portrait;
  if (portrait) {
    drawCovering(ctx, portrait, x, y, w, h);
    return;
  }
  ctx.fillStyle = '#7d8691';
  ctx.beginPath();
  ctx.arc(x + w / 2, y + h * 0.38, w * 0.22, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.95, w * 0.42, h * 0.35, 0, Math.PI, 0);
  ctx.fill();
}

function header(ctx: SKRSContext2D, lines: string[], x: number, y: number, size: number, font: string, color = '#1b3a5c') {
  const v = renderStore.getStore()?.variety;
  if (v) lines = varyHeading(v, lines);
  ctx.fillStyle = color;
  lines.forEach((line, i) => {
    ctx.font = `${i === lines.length - 1 ? size * 1.25 : size}px "${font}"`;
    ctx.fillText(line, x, y + i * size * 1.45);
  });
}

/** The expiry the law gives a document issued on `issue` to someone born on `birth` (its longest validity). */
function expiryOf(type: string, birth: string, issue: string): string {
  const age = (Date.parse(issue) - Date.parse(birth)) / (365.25 * 86_400_000);
  const years = maxValidity(type, age, issue) ?? 10;
  return `${Number(issue.slice(0, 4)) + years}${issue.slice(4)}`;
}

function person(r: Rng) {
  const nome = fullName(r);
  const surname = nome.split(' ').slice(-1)[0]!;
  return {
    nome,
    surname,
    given: nome.split(' ').slice(0, -1).filter((p) => !['DA', 'DE', 'DOS', 'DAS', 'DO'].includes(p)).join(' '),
    cpf: cpf(r),
    nascimento: date(r, 1950, 2004),
    pai: fullName(r),
    mae: fullName(r),
    uf: r.pick(UFS),
    cidade: city(r),
    sexo: r.chance(0.5) ? 'M' : ('F' as 'M' | 'F'),
  };
}

/** Two sides of a card laid next to each other on white with a gutter between them (a document opened flat). */
async function sideBySide(left: Buffer, right: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const [a, b] = [await loadImage(left), await loadImage(right)];
  const width = a.width + b.width + 40;
  const height = Math.max(a.height, b.height);
  const merged = createCanvas(width, height);
  const mctx = merged.getContext('2d');
  mctx.fillStyle = '#ffffff';
  mctx.fillRect(0, 0, width, height);
  mctx.drawImage(a, 0, 0);
  mctx.drawImage(b, a.width + 40, 0);
  return { png: merged.toBuffer('image/png'), width, height };
}

/** Renders one document of a type, with its ground truth. */
export async function render(type: DocType, r: Rng): Promise<{ png: Buffer; width: number; height: number; truth: Truth }> {
  registerFonts();
  const fonts = r.pick(FONT_SETS);
  const p = person(r);
  const W = 1712;
  const H = 1080;
  let canvas = createCanvas(W, H);
  let ctx = canvas.getContext('2d');
  const pen: Pen = { ctx, label: fonts.label, value: fonts.value, ink: '#111111' };
  const fields: Record<string, string> = {};
  if (type === 'CNH_VERSO' || type === 'CNH_ABERTA') {
    const front = type === 'CNH_ABERTA' ? await render('CNH_FRENTE', r) : undefined;
    const back = await cnhBack(r, fonts, front?.truth.fields);
    if (!front) return { ...back, truth: { typeRecognized: type, typeParentAlias: 'CNH', fields: back.fields } };
    const truth = { typeRecognized: type, typeParentAlias: 'CNH', fields: { ...front.truth.fields, ...back.fields } };
    // A paper CNH unfolded lies with its halves side by side; issuers and scans vary (variety only: the tuned set stays stacked).
    if (renderStore.getStore()?.variety?.r.chance(0.5)) {
      const { png, width, height } = await sideBySide(front.png, back.png);
      return { png, width, height, truth };
    }
    // Front and back in one picture, one above the other (SPEC 4.2 imageFront).
    const merged = createCanvas(W, H * 2 + 40);
    const mctx = merged.getContext('2d');
    mctx.fillStyle = '#ffffff';
    mctx.fillRect(0, 0, W, H * 2 + 40);
    mctx.drawImage(await loadImage(front.png), 0, 0);
    mctx.drawImage(await loadImage(back.png), 0, H + 40);
    return { png: merged.toBuffer('image/png'), width: W, height: H * 2 + 40, truth };
  }
  if (type === 'RG_ABERTO') {
    // The old RG opened flat (common in photocopies): photo side left, data side right; some copies lay them the other way (variety only).
    const front = rgPhotoSide(r, fonts);
    const back = await render('RG_VERSO', r);
    const swapped = renderStore.getStore()?.variety?.r.chance(0.3);
    const { png, width, height } = swapped ? await sideBySide(back.png, front) : await sideBySide(front, back.png);
    return { png, width, height, truth: { typeRecognized: type, typeParentAlias: 'RG', fields: back.truth.fields } };
  }
  switch (type) {
    case 'CNH_FRENTE': {
      if (r.chance(0.4)) {
        Object.assign(fields, oldCnhFront(pen, r, p, fonts));
        break;
      }
      background(ctx, W, H, r, [214, 233, 214]);
      header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', 'MINISTÉRIO DOS TRANSPORTES', 'SECRETARIA NACIONAL DE TRÂNSITO', 'CARTEIRA NACIONAL DE HABILITAÇÃO'], 60, 70, 30, fonts.value);
      photo(ctx, 70, 300, 360, 470);
      // Dates that can all be true (the engine re-reads dates that cannot): licensed from 19, issued after, valid as long as the law allows at that age.
      const firstFrom = Math.max(1970, Number(p.nascimento.slice(0, 4)) + 19);
      const emissao = date(r, Math.max(2019, firstFrom + 1), 2024);
      const validade = expiryOf('CNH_FRENTE', p.nascimento, emissao);
      const registro = cnhNumber(r);
      const rg = rgNumber(r);
      const primeira = date(r, firstFrom, Math.max(firstFrom, Math.min(2018, Number(emissao.slice(0, 4)) - 1)));
      const cat = r.pick(['B', 'AB', 'A', 'C', 'D', 'AE']);
      field(pen, '2 e 1 NOME E SOBRENOME', p.nome, 470, 300, 40);
      field(pen, '3 DATA, LOCAL E UF DE NASCIMENTO', `${br(p.nascimento)}, ${p.cidade}, ${p.uf}`, 470, 410, 36);
      field(pen, '4a DATA EMISSÃO', br(emissao), 470, 520, 36);
      field(pen, '4b VALIDADE', br(validade), 900, 520, 36);
      field(pen, '4c DOC. IDENTIDADE/ÓRG. EMISSOR/UF', `${rg} SSP ${p.uf}`, 470, 630, 36);
      field(pen, '4d CPF', formatCpf(p.cpf), 470, 740, 36);
      field(pen, '5 Nº REGISTRO', registro, 1000, 740, 36);
      field(pen, '9 CAT. HAB.', cat, 1400, 740, 36);
      field(pen, 'FILIAÇÃO', p.pai, 470, 850, 32);
      ctx.fillStyle = pen.ink;
      ctx.font = `32px "${fonts.value}"`;
      ctx.fillText(p.mae, 470, 850 + 32 * 2.3);
      field(pen, '1ª HABILITAÇÃO', br(primeira), 70, 850, 32);
      Object.assign(fields, {
        nome: p.nome,
        dataNascimento: p.nascimento,
        naturalidade: `${p.cidade}/${p.uf}`,
        dataEmissao: emissao,
        validade,
        rg,
        orgaoEmissor: 'SSP',
        ufEmissor: p.uf,
        cpf: p.cpf,
        numeroRegistro: registro,
        categoria: cat,
        primeiraHabilitacao: primeira,
        'filiacao.0': p.pai,
        'filiacao.1': p.mae,
      });
      break;
    }
    case 'RG_FRENTE': {
      // Old model: the photo side carries no data (it is all on the back).
      if (r.chance(0.35)) return { png: rgPhotoSide(r, fonts), width: W, height: H, truth: { typeRecognized: type, typeParentAlias: 'RG', fields: {} } };
      background(ctx, W, H, r, [222, 226, 238]);
      photo(ctx, 1300, 330, 330, 430);
      header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', `ESTADO DE ${r.pick(['SÃO PAULO', 'MINAS GERAIS', 'PERNAMBUCO', 'RIO GRANDE DO SUL'])}`, 'SECRETARIA DA SEGURANÇA PÚBLICA', 'CARTEIRA DE IDENTIDADE'], 60, 70, 30, fonts.value);
      Object.assign(fields, rgData(pen, r, p, fonts, { top: 330, dateColumn: 800, issuedFrom: 2005 }));
      field(pen, 'CPF', formatCpf(p.cpf), 60, 880, 36);
      break;
    }
    case 'RG_VERSO': {
      // Data side of the old RG (model of Lei 7.116/83).
      background(ctx, W, H, r, [206, 226, 214]);
      ctx.fillStyle = '#1b3a5c';
      ctx.font = `30px "${fonts.value}"`;
      ctx.fillText('VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 60, 80);
      Object.assign(fields, rgData(pen, r, p, fonts, { top: 170, dateColumn: 900, issuedFrom: 1995 }));
      field(pen, 'DOC. ORIGEM', `C.NAS LV.A${r.int(10, 99)} FLS.${r.int(10, 300)}`, 60, 720, 30);
      field(pen, 'CPF', formatCpf(p.cpf), 900, 720, 36);
      ctx.strokeStyle = '#333';
      ctx.beginPath();
      ctx.moveTo(500, 950);
      ctx.lineTo(1200, 950);
      ctx.stroke();
      ctx.fillStyle = '#3a4a5a';
      ctx.font = `24px "${fonts.label}"`;
      ctx.fillText('ASSINATURA DO DIRETOR', 700, 985);
      ctx.fillText('LEI Nº 7.116 DE 29/08/83', 60, 1040);
      break;
    }
    case 'CPF': {
      // The blue CPF card of the Receita Federal.
      canvas = createCanvas(1400, 880);
      ctx = canvas.getContext('2d');
      pen.ctx = ctx;
      background(ctx, 1400, 880, r, [200, 218, 240]);
      header(ctx, ['MINISTÉRIO DA FAZENDA', 'SECRETARIA DA RECEITA FEDERAL', 'CADASTRO DE PESSOAS FÍSICAS'], 60, 80, 34, fonts.value, '#0d2c6b');
      field(pen, 'NÚMERO DE INSCRIÇÃO', formatCpf(p.cpf), 60, 320, 46);
      field(pen, 'NOME', p.nome, 60, 460, 40);
      field(pen, 'DATA DE NASCIMENTO', br(p.nascimento), 60, 600, 38);
      Object.assign(fields, { cpf: p.cpf, nome: p.nome, dataNascimento: p.nascimento });
      break;
    }
    case 'CIN_FRENTE': {
      background(ctx, W, H, r, [226, 236, 246]);
      header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', 'CARTEIRA DE IDENTIDADE NACIONAL'], 60, 80, 34, fonts.value);
      photo(ctx, 70, 230, 380, 500);
      const validade = date(r, 2030, 2035);
      field(pen, 'NOME / NAME', p.nome, 500, 260, 40);
      field(pen, 'SEXO / SEX', p.sexo, 500, 380, 36);
      field(pen, 'NACIONALIDADE / NATIONALITY', 'BRA', 800, 380, 36);
      field(pen, 'DATA DE NASCIMENTO / DATE OF BIRTH', br(p.nascimento), 500, 490, 36);
      field(pen, 'REGISTRO GERAL - CPF / PERSONAL NUMBER', formatCpf(p.cpf), 500, 600, 36);
      field(pen, 'DATA DE VALIDADE / DATE OF EXPIRY', br(validade), 500, 710, 36);
      Object.assign(fields, { nome: p.nome, sexo: p.sexo, nacionalidade: 'BRA', dataNascimento: p.nascimento, cpf: p.cpf, validade });
      break;
    }
    case 'CIN_VERSO': {
      background(ctx, W, H, r, [226, 236, 246]);
      const validade = date(r, 2030, 2035);
      field(pen, 'FILIAÇÃO / FILIATION', p.pai, 60, 90, 34);
      ctx.fillStyle = pen.ink;
      ctx.font = `34px "${fonts.value}"`;
      ctx.fillText(p.mae, 60, 90 + 34 * 2.3);
      field(pen, 'NATURALIDADE / PLACE OF BIRTH', `${p.cidade}/${p.uf}`, 60, 280, 34);
      const lines = tampered(td1({ documentNumber: p.cpf.slice(0, 9), surname: p.surname, given: p.given, birth: p.nascimento, sex: p.sexo, expiry: validade, optional: p.cpf }), 1, 5);
      machineZone(ctx, lines, r, { x: 70, y: 820, pitch: 95, px: 62, strip: [0, 720, W, 360] });
      // The CIN back carries a QR code for checking it (the real one is a signed payload; here key=value pairs the engine parses).
      const qrData = { cpf: p.cpf, nome: p.nome, dataNascimento: p.nascimento, validade };
      const qr = await loadImage(await qrPng(`CIN|${Object.entries(qrData).map(([k, v]) => `${k}=${v}`).join('|')}`));
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(1250, 120, 400, 400);
      ctx.drawImage(qr, 1265, 135, 370, 370);
      Object.assign(fields, { 'filiacao.0': p.pai, 'filiacao.1': p.mae, naturalidade: `${p.cidade}/${p.uf}`, 'mrz.valid': 'true', cpf: p.cpf, dataNascimento: p.nascimento, validade });
      for (const [k, v] of Object.entries(qrData)) fields[`qrCode.${k}`] = v;
      break;
    }
    case 'PASSAPORTE': {
      canvas = createCanvas(1250, 880);
      ctx = canvas.getContext('2d');
      pen.ctx = ctx;
      background(ctx, 1250, 880, r, [238, 232, 214]);
      header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', 'PASSAPORTE / PASSPORT'], 330, 60, 26, fonts.value);
      photo(ctx, 40, 130, 260, 340);
      const numero = `${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.int(100000, 999999)}`;
      const emissao = date(r, 2016, 2024);
      const validade = expiryOf('PASSAPORTE', p.nascimento, emissao);
      field(pen, 'PASSAPORTE Nº / PASSPORT No.', numero, 330, 150, 30);
      field(pen, 'SOBRENOME / SURNAME', p.surname, 330, 230, 30);
      field(pen, 'NOME / GIVEN NAMES', p.given, 330, 310, 30);
      field(pen, 'NACIONALIDADE / NATIONALITY', 'BRASILEIRO(A)', 330, 390, 28);
      field(pen, 'DATA DE NASCIMENTO / DATE OF BIRTH', br(p.nascimento), 330, 465, 28);
      field(pen, 'SEXO / SEX', p.sexo, 900, 465, 28);
      field(pen, 'DATA DE EXPEDIÇÃO / DATE OF ISSUE', br(emissao), 330, 540, 28);
      field(pen, 'VÁLIDO ATÉ / DATE OF EXPIRY', br(validade), 800, 540, 28);
      const lines = tampered(td3({ documentNumber: numero, surname: p.surname, given: p.given, birth: p.nascimento, sex: p.sexo, expiry: validade }), 1, 18);
      machineZone(ctx, lines, r, { x: 40, y: 760, pitch: 70, px: 38, strip: [0, 690, 1250, 190] });
      Object.assign(fields, { numeroPassaporte: numero, nome: `${p.given} ${p.surname}`, nacionalidade: 'BRA', dataNascimento: p.nascimento, sexo: p.sexo, dataEmissao: emissao, validade, 'mrz.valid': 'true' });
      break;
    }
  }
  return { png: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height, truth: { typeRecognized: type, typeParentAlias: PARENT[type], fields } };
}

/** The RG's data block (same on the new model's front and the old model's back), CPF included in the truth. */
function rgData(pen: Pen, r: Rng, p: ReturnType<typeof person>, fonts: { value: string }, at: { top: number; dateColumn: number; issuedFrom: number }) {
  const { top, dateColumn } = at;
  const rg = rgNumber(r);
  const expedicao = date(r, Math.min(2023, Math.max(at.issuedFrom, Number(p.nascimento.slice(0, 4)) + 1)), 2023);
  field(pen, 'REGISTRO GERAL', rg, 60, top, 40);
  field(pen, 'DATA DE EXPEDIÇÃO', br(expedicao), dateColumn, top, 40);
  field(pen, 'NOME', p.nome, 60, top + 120, 40);
  field(pen, 'FILIAÇÃO', p.pai, 60, top + 240, 34);
  pen.ctx.fillStyle = pen.ink;
  pen.ctx.font = `34px "${fonts.value}"`;
  pen.ctx.fillText(p.mae, 60, top + 240 + 34 * 2.3);
  field(pen, 'NATURALIDADE', `${p.cidade}-${p.uf}`, 60, top + 430, 36);
  field(pen, 'DATA DE NASCIMENTO', br(p.nascimento), 900, top + 430, 36);
  return { rg, dataExpedicao: expedicao, nome: p.nome, 'filiacao.0': p.pai, 'filiacao.1': p.mae, naturalidade: `${p.cidade}/${p.uf}`, dataNascimento: p.nascimento, cpf: p.cpf };
}

/** A handwritten-looking signature: a few joined loops in ballpoint blue inside the given box. */
function scribble(ctx: SKRSContext2D, r: Rng, x: number, y: number, w: number, h: number) {
  ctx.save();
  ctx.strokeStyle = '#1d2a6b';
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  let px = x;
  let py = y + h * 0.6;
  ctx.moveTo(px, py);
  const loops = r.int(5, 9);
  for (let i = 0; i < loops; i++) {
    const nx = x + ((i + 1) / loops) * w * r.float(0.85, 1);
    const ny = y + h * r.float(0.35, 0.9);
    ctx.bezierCurveTo(px + r.float(-30, 40), y + r.float(0, h * 0.3), nx - r.float(-20, 40), y + h * r.float(0.7, 1), nx, ny);
    px = nx;
    py = ny;
  }
  ctx.moveTo(x + w * 0.1, y + h * 0.85);
  ctx.quadraticCurveTo(x + w * 0.5, y + h * r.float(0.8, 1), x + w * r.float(0.7, 0.95), y + h * 0.75);
  ctx.stroke();
  ctx.restore();
}

/** Photo side of the old RG: coat of arms, photo, thumbprint and the holder's signature; no data. */
function rgPhotoSide(r: Rng, fonts: { label: string; value: string }): Buffer {
  const W = 1712;
  const H = 1080;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  background(ctx, W, H, r, [206, 226, 214]);
  header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', `ESTADO DE ${r.pick(['SÃO PAULO', 'MINAS GERAIS', 'BAHIA', 'PARANÁ'])}`, 'SECRETARIA DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO', 'CARTEIRA DE IDENTIDADE'], 560, 90, 30, fonts.value);
  photo(ctx, 80, 330, 380, 480);
  ctx.strokeStyle = '#333';
  ctx.strokeRect(1250, 450, 300, 380);
  ctx.fillStyle = '#3a4a5a';
  ctx.font = `26px "${fonts.label}"`;
  ctx.fillText('POLEGAR DIREITO', 1290, 870);
  ctx.beginPath();
  ctx.moveTo(560, 800);
  ctx.lineTo(1150, 800);
  ctx.stroke();
  ctx.fillText('ASSINATURA DO TITULAR', 700, 840);
  // Its own random stream (from the fonts), so the rest of the document stays as before for the same seed.
  scribble(ctx, rng(fonts.label.length * 131 + fonts.value.length), 600, 700, 500, 90);
  return canvas.toBuffer('image/png');
}

/** Front of the CNH model used until 2022: no birthplace, emission date and place at the bottom. */
function oldCnhFront(pen: Pen, r: Rng, p: ReturnType<typeof person>, fonts: { label: string; value: string }): Record<string, string> {
  const ctx = pen.ctx;
  background(ctx, 1712, 1080, r, [206, 226, 200]);
  header(ctx, ['REPÚBLICA FEDERATIVA DO BRASIL', 'MINISTÉRIO DAS CIDADES', 'DEPARTAMENTO NACIONAL DE TRÂNSITO', 'CARTEIRA NACIONAL DE HABILITAÇÃO'], 60, 60, 28, fonts.value);
  photo(ctx, 70, 270, 340, 450);
  // This model was issued until 2021: its holders were born by 2001.
  if (p.nascimento > '2001') p = { ...p, nascimento: `${Number(p.nascimento.slice(0, 4)) - 10}${p.nascimento.slice(4)}` };
  const firstFrom = Math.max(1970, Number(p.nascimento.slice(0, 4)) + 19);
  const emissao = date(r, Math.min(2021, Math.max(2012, firstFrom + 1)), 2021);
  const validade = expiryOf('CNH_FRENTE', p.nascimento, emissao);
  const registro = cnhNumber(r);
  const rg = rgNumber(r);
  const primeira = date(r, firstFrom, Math.max(firstFrom, Math.min(2011, Number(emissao.slice(0, 4)) - 1)));
  const cat = r.pick(['B', 'AB', 'A', 'C', 'D', 'E']);
  field(pen, 'NOME', p.nome, 450, 280, 40);
  field(pen, 'DOC. IDENTIDADE / ÓRG. EMISSOR / UF', `${rg} SSP ${p.uf}`, 450, 390, 36);
  field(pen, 'CPF', formatCpf(p.cpf), 450, 500, 36);
  field(pen, 'DATA NASCIMENTO', br(p.nascimento), 900, 500, 36);
  field(pen, 'FILIAÇÃO', p.pai, 450, 610, 32);
  ctx.fillStyle = pen.ink;
  ctx.font = `32px "${fonts.value}"`;
  ctx.fillText(p.mae, 450, 610 + 32 * 2.3);
  field(pen, 'Nº REGISTRO', registro, 450, 790, 36);
  field(pen, 'VALIDADE', br(validade), 850, 790, 36);
  field(pen, '1ª HABILITAÇÃO', br(primeira), 1200, 790, 36);
  field(pen, 'CAT. HAB.', cat, 1450, 610, 36);
  field(pen, 'LOCAL', `${p.cidade}, ${p.uf}`, 70, 940, 30);
  field(pen, 'DATA EMISSÃO', br(emissao), 900, 940, 30);
  return {
    nome: p.nome,
    rg,
    orgaoEmissor: 'SSP',
    ufEmissor: p.uf,
    cpf: p.cpf,
    dataNascimento: p.nascimento,
    'filiacao.0': p.pai,
    'filiacao.1': p.mae,
    numeroRegistro: registro,
    validade,
    primeiraHabilitacao: primeira,
    categoria: cat,
    dataEmissao: emissao,
  };
}

/** Back of the 2022 CNH: observations, place of issue, signature, and a QR code with the holder's data. */
async function cnhBack(r: Rng, fonts: { label: string; value: string }, known?: Record<string, string>) {
  const W = 1712;
  const H = 1080;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const pen: Pen = { ctx, label: fonts.label, value: fonts.value, ink: '#111111' };
  background(ctx, W, H, r, [214, 233, 214]);
  const p = person(r);
  const data = {
    nome: known?.nome ?? p.nome,
    cpf: known?.cpf ?? p.cpf,
    numeroRegistro: known?.numeroRegistro ?? cnhNumber(r),
    dataNascimento: known?.dataNascimento ?? p.nascimento,
    validade: known?.validade ?? date(r, 2030, 2034),
  };
  field(pen, '12 OBSERVAÇÕES', r.pick(['A', 'EAR', '-', 'D']), 60, 90, 36);
  field(pen, 'LOCAL', `${p.cidade}, ${p.uf}`, 60, 260, 36);
  // Where and when it was issued, as the paper CNH's back prints them: an opened CNH's front gives the date; a back alone
  // was issued ten years before it expires. No draw on the document's streams (its wording and place vary on a stream
  // of its own): the damage and the opened CNH's arrangement drawn after it stay as they were.
  const emissao = known?.dataEmissao ?? `${Number(data.validade.slice(0, 4)) - 10}${data.validade.slice(4)}`;
  const store = renderStore.getStore();
  const drawIssue = () => field(pen, 'DATA EMISSÃO', br(emissao), 700, 260, 36);
  if (store?.variety) renderStore.run({ ...store, variety: { ...store.variety, r: rng(Number(emissao.replace(/-/g, ''))) } }, drawIssue);
  else drawIssue();
  field(pen, 'ASSINATURA DO EMISSOR', '', 60, 430, 36);
  ctx.strokeStyle = '#333';
  ctx.beginPath();
  ctx.moveTo(60, 520);
  ctx.lineTo(700, 520);
  ctx.stroke();
  const qr = await loadImage(await qrPng(JSON.stringify(data)));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(1130, 120, 500, 500);
  ctx.drawImage(qr, 1150, 140, 460, 460);
  const fields: Record<string, string> = { ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`qrCode.${k}`, v])), dataEmissao: emissao };
  return { png: canvas.toBuffer('image/png'), width: W, height: H, fields };
}
