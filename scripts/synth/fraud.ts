/**
 * A fraud test set from the document generator: each case a known
 * manipulation of a synthetic document, with the rules that should catch it,
 * and clean cases that should raise no hard stop. Faces come from the caller
 * (the datasets), never from the repository.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { pickDamage, photographPlaced, type Damage } from './damage';
import { registerFonts, FONT_SETS } from './fonts';
import { DOC_TYPES, render, renderStore, type DocType, type Truth } from './layouts';
import { cpf as randomCpf, fullName, rng, type Rng } from './random';

export const MANIPULATIONS = ['edited_field', 'wrong_cpf', 'screen_recapture', 'grey_copy', 'expired', 'mrz_tampering', 'swapped_photo'] as const;
export type Manipulation = (typeof MANIPULATIONS)[number];

/** The rules that catch each manipulation (either one counts). */
export const CATCHING_RULES: Record<Manipulation, string[]> = {
  edited_field: ['EDICAO_DIGITAL'],
  wrong_cpf: ['CPF_DIVERGENTE'],
  screen_recapture: ['RECAPTURA_DE_TELA'],
  grey_copy: ['FOTOCOPIA'],
  expired: ['DOCUMENTO_VENCIDO'],
  mrz_tampering: ['MRZ_INVALIDA', 'MRZ_DIVERGENTE'],
  swapped_photo: ['FACE_DIVERGENTE'],
};

/** Document types each manipulation is tried on (those that print what it changes). */
const TYPES: Record<Manipulation | 'clean', DocType[]> = {
  edited_field: ['CNH_FRENTE', 'CIN_FRENTE', 'RG_VERSO', 'PASSAPORTE'],
  wrong_cpf: ['CNH_FRENTE', 'CIN_FRENTE', 'RG_VERSO', 'CPF'],
  screen_recapture: ['CNH_FRENTE', 'CIN_FRENTE', 'RG_VERSO', 'PASSAPORTE', 'CNH_VERSO'],
  grey_copy: ['CNH_FRENTE', 'CIN_FRENTE', 'RG_VERSO', 'PASSAPORTE', 'CNH_VERSO'],
  // The generator's CIN is always valid for years: only types whose validity can be past.
  expired: ['CNH_FRENTE', 'PASSAPORTE', 'CNH_ABERTA'],
  mrz_tampering: ['PASSAPORTE', 'CIN_VERSO'],
  swapped_photo: ['CNH_FRENTE', 'CIN_FRENTE', 'PASSAPORTE'],
  clean: DOC_TYPES.filter((t) => t !== 'RG_ABERTO'),
};

/** Sides with the holder's portrait in the generator. */
const PORTRAIT_TYPES = new Set<DocType>(['CNH_FRENTE', 'CNH_ABERTA', 'RG_FRENTE', 'CIN_FRENTE', 'PASSAPORTE']);

export interface Faces {
  /** The CPF owner's portrait (printed on the document) and another photo of them (the selfie). */
  owner: Buffer;
  ownerSelfie: Buffer;
  /** Someone else. */
  other: Buffer;
}

export interface FraudCase {
  manipulation: Manipulation | 'clean';
  type: DocType;
  /** What the request sends. */
  cpf: string;
  image: Buffer;
  selfie?: Buffer;
  truth: Truth;
}

/** A photo's damage without geometry (an edit is placed on known pixels), the rest as drawn. */
const flat = (d: Damage): Damage => ({ ...d, perspective: 0, angle: 0, turn: 0 });

/** A picture shown on a screen and photographed: RGB sub-pixel stripes with dark gaps, resampled at a slant (moiré), a cool cast. */
async function onScreen(jpeg: Buffer, r: Rng): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const [w, h] = [meta.width!, meta.height!];
  const { data, info } = await sharp(jpeg).resize({ width: w * 3, height: h * 3, kernel: 'nearest' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const lit = x % 3;
      const rowGap = y % 3 === 2 ? 0.45 : 1;
      for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.round(data[i + c]! * (c === lit ? 1 : 0.25) * rowGap * 1.9));
    }
  }
  const angle = r.int(-40, 40) / 10;
  const width = Math.round(w * (1.3 + r.next() * 0.3));
  // A camera pixel integrates the light over its own area (about `factor` pixels of the 3× picture) and then
  // samples: no ideal anti-aliasing filter, so the grid beats with the sensor (moiré). A resampling kernel such
  // as Lanczos would remove the grid before sampling, which no sensor does.
  const factor = info.width / width;
  const { data: seen, info: seenInfo } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .rotate(angle, { background: '#101010' })
    .blur(0.35 * factor)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sampled = await sharp(seen, { raw: { width: seenInfo.width, height: seenInfo.height, channels: 3 } })
    .resize({ width, kernel: 'nearest' })
    .png()
    .toBuffer();
  return sharp(sampled)
    // Lens focus.
    .blur(0.5 + r.next() * 0.4)
    .modulate({ brightness: 1.05, saturation: 0.9 })
    .tint({ r: 225, g: 235, b: 255 })
    .jpeg({ quality: r.int(70, 90) })
    .toBuffer();
}

/** The photo opened in an editor: a printed value covered with the paper's colour and retyped, saved again. */
async function retyped(jpeg: Buffer, box: [number, number, number, number], place: (x: number, y: number) => [number, number], text: string): Promise<Buffer> {
  registerFonts();
  const img = await loadImage(jpeg);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const [x0, y0] = place(box[0], box[1]);
  const [x1, y1] = place(box[0] + box[2], box[1] + box[3]);
  // The paper's colour just left of the value.
  const sample = ctx.getImageData(Math.max(0, Math.round(x0) - 6), Math.round((y0 + y1) / 2), 1, 1).data;
  ctx.fillStyle = `rgb(${sample[0]},${sample[1]},${sample[2]})`;
  ctx.fillRect(x0, y0, Math.max(x1 - x0, (y1 - y0) * text.length * 0.62), y1 - y0);
  ctx.fillStyle = '#151515';
  ctx.font = `${Math.round((y1 - y0) * 0.86)}px "${FONT_SETS[0]!.value}"`;
  ctx.fillText(text, x0 + 4, y1 - (y1 - y0) * 0.2);
  return sharp(canvas.toBuffer('image/png')).jpeg({ quality: 95 }).toBuffer();
}

/** Case `index` of a manipulation (or of the clean set); same arguments, same bytes. */
/** The document type case `index` of a manipulation draws (known before rendering it). */
export const caseType = (manipulation: Manipulation | 'clean', index: number) => TYPES[manipulation][index % TYPES[manipulation].length]!;

export async function fraudCase(manipulation: Manipulation | 'clean', index: number, faces: Faces): Promise<FraudCase> {
  const type = caseType(manipulation, index);
  const r = rng(9001 + index * 131 + MANIPULATIONS.indexOf(manipulation as Manipulation) * 7);
  const portrait = await loadImage(manipulation === 'swapped_photo' ? faces.other : faces.owner);
  for (let attempt = 0; ; attempt++) {
    const boxes = new Map<string, [number, number, number, number]>();
    const options = { portrait, boxes, tamperMrz: manipulation === 'mrz_tampering' };
    const doc = await renderStore.run(options, () => render(type, r));
    const truth = doc.truth;
    // An expired case needs a validity date in the past; redraw until the document has one.
    if (manipulation === 'expired' && !(truth.fields.validade && truth.fields.validade < new Date().toISOString().slice(0, 10))) {
      if (attempt < 40) continue;
      throw new Error(`no expired ${type} within 40 drawings`);
    }
    let damage = pickDamage(r, 'photo');
    if (manipulation === 'edited_field' || manipulation === 'screen_recapture') damage = { ...flat(damage), width: 1600 };
    let png = doc.png;
    if (manipulation === 'grey_copy') png = await sharp(png).greyscale().linear(1.25, -30).toColourspace('srgb').png().toBuffer();
    const shot = await photographPlaced(png, doc.width, doc.height, damage, r);
    let image = shot.jpeg;
    let cpf = truth.fields.cpf ?? truth.fields['qrCode.cpf'] ?? randomCpf(r);
    if (manipulation === 'screen_recapture') image = await onScreen(image, r);
    if (manipulation === 'wrong_cpf') {
      let other = randomCpf(r);
      while (other === cpf) other = randomCpf(r);
      cpf = other;
    }
    if (manipulation === 'edited_field') {
      const printed = truth.fields.nome ?? truth.fields.sobrenome;
      const box = printed ? (boxes.get(printed) ?? [...boxes.entries()].find(([k]) => printed.startsWith(k) || k.startsWith(printed))?.[1]) : undefined;
      if (!box) throw new Error(`no name box on ${type}`);
      image = await retyped(image, box, shot.place, fullName(r));
    }
    const selfie = manipulation === 'swapped_photo' || (manipulation === 'clean' && PORTRAIT_TYPES.has(type)) ? faces.ownerSelfie : undefined;
    return { manipulation, type, cpf, image, selfie, truth };
  }
}

/** The first clean CNH front from case `from` on that is still valid today (the clean set also draws other types and expired ones). */
export async function validCnhFront(faces: Faces, from = 0): Promise<FraudCase> {
  const today = new Date().toISOString().slice(0, 10);
  for (let i = from; ; i++) {
    // Only CNH fronts are drawn and photographed (the other types come around in turn).
    if (caseType('clean', i) !== 'CNH_FRENTE') continue;
    const c = await fraudCase('clean', i, faces);
    if (c.type === 'CNH_FRENTE' && c.truth.fields.validade! > today) return c;
  }
}
