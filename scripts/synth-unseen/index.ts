/**
 * A second, independent generator of Brazilian identity documents, used only
 * to evaluate the document engine (never to tune it): its own layouts, label
 * wordings, Debian fonts, people, backgrounds and phone-photo damage. It
 * imports nothing from scripts/synth (a test checks the import graph).
 */
import { loadImage } from '@napi-rs/canvas';
import { pageFilling, photograph, shot, LEVELS, type Level, type Shot } from './camera';
import { cinBack, cinDates, cinFront } from './cin';
import { cnhBack, cnhFront, cnhOpened, license } from './cnh';
import { cpfDocument } from './cpf-card';
import { registerUnseenFonts, TYPEFACES } from './fonts';
import { holderPhoto, type Drawn } from './paint';
import { passportPage } from './passport';
import { holder } from './people';
import { stream, type Stream } from './random';
import { rgDataSide, rgNewFront, rgOpened, rgPhotoSide } from './rg';

export { LEVELS, type Level, type Shot } from './camera';
export { generateSpecimen, specimenTruth, SPECIMEN_FORMATS, type SpecimenFormat, type SpecimenSample, type SpecimenTruth } from './specimens';

export const UNSEEN_TYPES = ['CNH_FRENTE', 'CNH_VERSO', 'CNH_ABERTA', 'RG_FRENTE', 'RG_VERSO', 'RG_ABERTO', 'CIN_FRENTE', 'CIN_VERSO', 'PASSAPORTE', 'CPF'] as const;
export type UnseenType = (typeof UNSEEN_TYPES)[number];

const PARENT: Record<UnseenType, string> = { CNH_FRENTE: 'CNH', CNH_VERSO: 'CNH', CNH_ABERTA: 'CNH', RG_FRENTE: 'RG', RG_VERSO: 'RG', RG_ABERTO: 'RG', CIN_FRENTE: 'CIN', CIN_VERSO: 'CIN', PASSAPORTE: 'PASSAPORTE', CPF: 'CPF' };

export interface UnseenTruth {
  typeRecognized: UnseenType;
  typeParentAlias: string;
  /** Canonical keys as the engine returns them (dates ISO yyyy-mm-dd, CPF digits, `filiacao.0`, `naturalidade` CITY/UF, `mrz.valid`, `qrCode.*`). */
  fields: Record<string, string>;
  /** Which model and layout was drawn, e.g. `cnh-2022-verso`, `rg-novo-sp`, `cin-2022-frente-foto-esq`. */
  variant: string;
}

export interface UnseenSample {
  /** JPEG of the phone photo. */
  image: Buffer;
  truth: UnseenTruth;
  shot: Shot;
}

/** A stable 32-bit number for a text (FNV-1a): seeds that do not depend on list orders. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

async function draw(type: UnseenType, s: Stream): Promise<Drawn> {
  const face = s.one(TYPEFACES);
  const p = holder(s);
  switch (type) {
    case 'CNH_FRENTE':
      return cnhFront(s, p, face, license(s, p, s.maybe(0.5) ? 'cnh-2022' : 'cnh-antiga'));
    case 'CNH_VERSO':
      return cnhBack(s, p, face, license(s, p, s.maybe(0.5) ? 'cnh-2022' : 'cnh-antiga'));
    case 'CNH_ABERTA':
      return cnhOpened(s, p, face, license(s, p, s.maybe(0.5) ? 'cnh-2022' : 'cnh-antiga'));
    case 'RG_FRENTE':
      return s.maybe(0.65) ? rgNewFront(s, p, face) : rgPhotoSide(s, p, face);
    case 'RG_VERSO':
      return rgDataSide(s, p, face);
    case 'RG_ABERTO':
      return rgOpened(s, p, face);
    case 'CIN_FRENTE':
      return cinFront(s, p, face, cinDates(s, p));
    case 'CIN_VERSO':
      return cinBack(s, p, face, cinDates(s, p));
    case 'PASSAPORTE':
      return passportPage(s, p, face);
    case 'CPF':
      return cpfDocument(s, p, face);
  }
}

export interface UnseenOptions {
  /** A photograph (JPEG or PNG bytes) printed as the holder's picture, in place of the drawn silhouette; the rest of the document is the same. */
  portrait?: Buffer;
  /** `page`: the page fills the frame (scanned, or photographed and cut to its edges), with the level's blur, noise, light and JPEG. */
  framing?: 'phone' | 'page';
}

/**
 * One unseen-layout document photographed with a phone. Same type, seed and
 * level, same bytes; the same type and seed draw the same document at every
 * level (only the photo's damage differs).
 */
export async function generateUnseen(type: UnseenType, seed: number, level: Level = 'medium', options: UnseenOptions = {}): Promise<UnseenSample> {
  registerUnseenFonts();
  const doc = await drawn(type, seed, options.portrait);
  const s = stream(hash(`camera|${type}|${seed}|${level}`));
  const phone = shot(s, level);
  const sh = options.framing === 'page' ? pageFilling(phone) : phone;
  const image = await photograph(doc.canvas, sh, s);
  return { image, shot: sh, truth: { typeRecognized: type, typeParentAlias: PARENT[type], fields: doc.fields, variant: doc.variant } };
}

/** The document before the camera (PNG), to look at a layout; `portrait` as in `generateUnseen`. */
export async function renderUnseen(type: UnseenType, seed: number, portrait?: Buffer): Promise<{ png: Buffer; truth: UnseenTruth }> {
  registerUnseenFonts();
  const doc = await drawn(type, seed, portrait);
  return { png: doc.canvas.toBuffer('image/png'), truth: { typeRecognized: type, typeParentAlias: PARENT[type], fields: doc.fields, variant: doc.variant } };
}

/** The document of a type and seed, with `portrait` as the holder's picture when given. */
async function drawn(type: UnseenType, seed: number, portrait?: Buffer): Promise<Drawn> {
  const render = () => draw(type, stream(hash(`unseen|${type}|${seed}`)));
  return portrait ? holderPhoto.run(await loadImage(portrait), render) : render();
}
