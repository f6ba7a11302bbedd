import { and, eq } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../../platform/db';
import { templateBytes, templateFromBytes, type FaceTemplate } from '../../engines/face';
import { intake, MIME, storablePng } from '../../engines/media';
import { deleteObject, getOpened, putSealed } from '../../platform/storage';

export type MediaSlot = 'front' | 'back' | 'selfie' | 'portrait' | 'template';

export interface PreparedMedia {
  slot: 'front' | 'back' | 'selfie';
  bytes: Buffer;
  mime: string;
}

const objectKey = (onboardingId: string, slot: MediaSlot) => `onboarding/${onboardingId}/${slot}`;

/**
 * Checks a file at the door so a bad one is a 4xx now, not an ERROR later:
 * type from the bytes, size, pixel count, full decode. Documents are kept as
 * sent (forensics read their compression traces); a PDF selfie is kept as its
 * first page.
 */
export async function prepareFile(value: string, field: string, slot: PreparedMedia['slot']): Promise<PreparedMedia> {
  const media = await intake(value, field);
  if (slot === 'selfie' && media.type === 'pdf') return { slot, bytes: await storablePng(media.images[0]!.png), mime: 'image/png' };
  return { slot, bytes: media.bytes, mime: MIME[media.type] };
}

/** Sealed into the object store before the row that references them commits (an orphan is harmless; a dangling reference is not). */
export async function storeMedia(onboardingId: string, files: PreparedMedia[]): Promise<(typeof schema.onboardingMedia.$inferInsert)[]> {
  await Promise.all(files.map((f) => putSealed(objectKey(onboardingId, f.slot), f.bytes)));
  return files.map((f) => ({ onboardingId, slot: f.slot, objectKey: objectKey(onboardingId, f.slot), mime: f.mime, bytes: f.bytes.length }));
}

/**
 * Something the analysis derived and the onboarding keeps (the face template
 * for a reviewer's approval, the document portrait for the reviewer's eyes):
 * the object is written first, outside the caller's transaction (on the
 * embedded database a second connection would wait for that transaction),
 * then its reference inside it.
 */
async function storeDerived(onboardingId: string, slot: 'template' | 'portrait', bytes: Buffer, mime: string): Promise<(tx: Executor) => Promise<void>> {
  await putSealed(objectKey(onboardingId, slot), bytes);
  return async (tx) => {
    await tx.insert(schema.onboardingMedia).values({ onboardingId, slot, objectKey: objectKey(onboardingId, slot), mime, bytes: bytes.length }).onConflictDoNothing();
  };
}

const TEMPLATE_MIME = 'application/x-face-template';
/** A template described from a printed portrait says so in its type: the face index compares it on the scale of its kind. */
const PRINTED_TEMPLATE_MIME = `${TEMPLATE_MIME}; printed=true`;

export const storeTemplate = (onboardingId: string, template: FaceTemplate) =>
  storeDerived(onboardingId, 'template', templateBytes(template.descriptor), template.printed ? PRINTED_TEMPLATE_MIME : TEMPLATE_MIME);

/** The document portrait crop (a JPEG data URL from the analysis). */
export const storePortrait = (onboardingId: string, dataUrl: string) =>
  storeDerived(onboardingId, 'portrait', Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), 'image/jpeg');

export async function loadTemplate(onboardingId: string): Promise<FaceTemplate | undefined> {
  const b = await getOpened(objectKey(onboardingId, 'template'));
  if (!b) return undefined;
  const db = await getDb();
  const t = schema.onboardingMedia;
  const [row] = await db.select({ mime: t.mime }).from(t).where(and(eq(t.onboardingId, onboardingId), eq(t.slot, 'template')));
  return { descriptor: Array.from(templateFromBytes(b)), printed: row?.mime === PRINTED_TEMPLATE_MIME };
}

export type PictureSlot = Exclude<MediaSlot, 'template'>;

/** The stored pictures as data URLs (what the analysis and the reviewer read). */
export async function loadPictures(onboardingId: string): Promise<Partial<Record<PictureSlot, string>>> {
  const db = await getDb();
  const rows = await db.select().from(schema.onboardingMedia).where(eq(schema.onboardingMedia.onboardingId, onboardingId));
  const out: Partial<Record<PictureSlot, string>> = {};
  for (const r of rows) {
    if (r.slot === 'template') continue;
    const bytes = await getOpened(r.objectKey);
    if (bytes) out[r.slot] = `data:${r.mime};base64,${bytes.toString('base64')}`;
  }
  return out;
}

/** Deletes every stored object of an onboarding and its references. Returns how many. */
export async function deleteMedia(onboardingId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ key: schema.onboardingMedia.objectKey }).from(schema.onboardingMedia).where(eq(schema.onboardingMedia.onboardingId, onboardingId));
  for (const r of rows) await deleteObject(r.key);
  await db.delete(schema.onboardingMedia).where(eq(schema.onboardingMedia.onboardingId, onboardingId));
  return rows.length;
}
