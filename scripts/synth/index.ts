import { pickDamage, photograph, type Damage } from './damage';
import { loadImage } from '@napi-rs/canvas';
import { DOC_TYPES, renderStore, render, type DocType, type Truth } from './layouts';
import { rng } from './random';

export { DOC_TYPES, type DocType, type Truth } from './layouts';
export { cnhNumber } from './random';
export { flattenFields } from './compare';
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
export async function generate(type: DocType, seed: number, level: 'clean' | 'photo' = 'photo', options: { portrait?: Buffer } = {}): Promise<Sample> {
  const r = rng(seed * 7919 + DOC_TYPES.indexOf(type));
  // A given portrait replaces the silhouette without drawing on the random stream: same seed, same document otherwise.
  const portrait = options.portrait ? await loadImage(options.portrait) : undefined;
  const doc = await renderStore.run({ portrait }, () => render(type, r));
  const damage = pickDamage(r, level);
  return { image: await photograph(doc.png, doc.width, doc.height, damage, r), truth: doc.truth, damage, seed };
}
