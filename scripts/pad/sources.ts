/**
 * The genuine photos the PAD sets are made from, with their identity, their
 * split (training or held out: whole identities, never photos of one person on
 * both sides) and where the face is in them (found once with the service's own
 * `locateFaces`, cached in .scratch/pad/sources.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import { locateFaces } from '../../lib/engines/face';
import { datasetsDir } from '../../lib/testing/datasets';

export interface Source {
  /** Path relative to the datasets folder. */
  image: string;
  identity: string;
  split: 'train' | 'heldout';
  width: number;
  height: number;
  /** Face box in the upright photo (x, y, w, h). */
  box: [number, number, number, number];
}

export const SCRATCH = path.join(process.cwd(), '.scratch', 'pad');

/** The upright photo as PNG (EXIF turn applied). */
export async function sourcePng(s: Pick<Source, 'image'>): Promise<Buffer> {
  return sharp(path.join(datasetsDir()!, s.image)).rotate().png(PIXEL_PNG).toBuffer();
}

const csv = (file: string) =>
  fs.readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',') as [string, string]);

/**
 * Held out: every third identity in name order of each collection, and the one
 * person with real phone/webcam-style selfies (lisa), whose pictures are the
 * closest to what the acceptance will see.
 */
function splitOf(identity: string, index: number): Source['split'] {
  if (identity === 'lisa') return 'heldout';
  return index % 3 === 2 ? 'heldout' : 'train';
}

/** Every listed photo with its identity and split (no detection). */
export function listSources(): Pick<Source, 'image' | 'identity' | 'split'>[] {
  const root = datasetsDir()!;
  const faces = csv(path.join(root, 'faces', 'identities.csv')).map(([image, identity]) => ({ image: `faces/${image}`, identity: `deepface-${identity}` }));
  const people = csv(path.join(root, 'identities', 'identities.csv')).map(([image, identity]) => ({ image: `identities/${image}`, identity }));
  const all = [...faces, ...people];
  const ids = [...new Set(all.map((s) => s.identity))].sort();
  const byCollection = (id: string) => ids.filter((x) => x.startsWith('deepface-') === id.startsWith('deepface-')).indexOf(id);
  return all.map((s) => ({ ...s, split: splitOf(s.identity, byCollection(s.identity)) }));
}

/** One photo with its face found (undefined when none is). */
export async function withFace(s: Pick<Source, 'image' | 'identity' | 'split'>): Promise<Source | undefined> {
  const png = await sourcePng(s);
  const meta = await sharp(png).metadata();
  const [face] = await locateFaces({ png, width: meta.width!, height: meta.height! }, 'selfie');
  return face ? { ...s, width: meta.width!, height: meta.height!, box: face.box } : undefined;
}

let cached: Source[] | undefined;

/** Every source photo with a face found, split by identity. */
export async function sources(): Promise<Source[]> {
  if (cached) return cached;
  const file = path.join(SCRATCH, 'sources.json');
  const known: Record<string, Source | null> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const all = listSources();
  let changed = false;
  for (const s of all) {
    if (s.image in known) continue;
    known[s.image] = (await withFace(s)) ?? null;
    changed = true;
  }
  if (changed) {
    fs.mkdirSync(SCRATCH, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(known));
  }
  cached = all.map((s) => known[s.image]).filter((s): s is Source => Boolean(s));
  return cached;
}
