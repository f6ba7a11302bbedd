import { pickDamage, pickScene, photograph, roughen, type Damage } from './damage';
import sharp from 'sharp';
import { loadImage } from '@napi-rs/canvas';
import { DOC_TYPES, renderStore, render, type DocType, type Truth } from './layouts';
import { rng } from './random';
import { variety } from './variety';

export { DOC_TYPES, type DocType, type Truth } from './layouts';
export { cnhNumber } from './random';
export { flattenFields, printedValues } from './compare';
export { mrzCheck, td1, td3 } from './mrz';

export interface Sample {
  /** JPEG of the (damaged) photo. */
  image: Buffer;
  truth: Truth;
  damage: Damage;
  seed: number;
}

/**
 * A synthetic Brazilian document with ground truth. Same type and seed, same
 * bytes. `photo` adds rotation, 90/180 turns, blur, noise, glare, shadow,
 * JPEG quality down to 50 and low resolution.
 */
export async function generate(type: DocType, seed: number, level: 'clean' | 'photo' = 'photo', options: { portrait?: Buffer; width?: number; variety?: boolean; rough?: boolean; scene?: boolean; sceneFill?: number } = {}): Promise<Sample> {
  const r = documentStream(type, seed);
  // A given portrait replaces the silhouette without drawing on the random stream: same seed, same document otherwise.
  const portrait = options.portrait ? await loadImage(options.portrait) : undefined;
  // Variety draws on a stream of its own, so the document's content is the same with or without it.
  const varied = options.variety ? variety(rng(seed * 104_729 + DOC_TYPES.indexOf(type))) : undefined;
  const doc = await renderStore.run({ portrait, variety: varied }, () => render(type, r));
  // A given width replaces the drawn one after the drawing: same damage otherwise (the benchmark's image sizes).
  const drawn = pickDamage(r, level);
  const sized = options.width ? { ...drawn, width: options.width } : drawn;
  const roughened = options.rough ? roughen(sized, rng(seed * 15_485_863 + DOC_TYPES.indexOf(type))) : sized;
  const scene = options.scene ? pickScene(rng(seed * 32_452_843 + DOC_TYPES.indexOf(type)), options.sceneFill) : undefined;
  const damage = scene ? { ...roughened, width: scene.width, scene } : roughened;
  return { image: await photograph(doc.png, doc.width, doc.height, damage, r), truth: doc.truth, damage, seed };
}

/**
 * A document that fills the whole picture, as a scan cropped to the page is sent (no surface, no damage): a 1600 px
 * JPEG, with a photograph (a real face) as its portrait. Same type and seed, same document as `generate`'s.
 */
export async function pageFillingFrame(type: DocType, seed: number, portrait: Buffer): Promise<{ image: Buffer; truth: Truth }> {
  const doc = await renderStore.run({ portrait: await loadImage(portrait) }, () => render(type, documentStream(type, seed)));
  return { image: await sharp(doc.png).flatten({ background: '#ffffff' }).resize({ width: 1600 }).jpeg({ quality: 85 }).toBuffer(), truth: doc.truth };
}

/** The random stream a document of a type and seed is drawn from: its content, then (in `generate`) its photo's damage. */
const documentStream = (type: DocType, seed: number) => rng(seed * 7919 + DOC_TYPES.indexOf(type));
