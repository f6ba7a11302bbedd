import { and, count, eq, max } from 'drizzle-orm';
import { open, seal } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { similarityOf } from './calibrate';
import { DEFAULT_MATCH_THRESHOLD, scaleFor } from './match';

/**
 * Face index (1:N) per integrator. Templates are sealed (AES-256-GCM, master
 * key) in the database, so a dump holds no usable biometrics; a search scans
 * the decrypted templates of the integrator, held in this process's memory
 * and reloaded when the integrator's set changes (count or newest insert).
 * An exact scan of 10 000 templates takes a few milliseconds, so no
 * approximate (pgvector) index is needed, and none would work on sealed data.
 * A template of another length (made by another embedder) is skipped: a
 * change of embedder needs the faces enrolled again.
 */
interface Entry {
  id: string;
  cpf: string;
  reference: string | null;
  vector: Float32Array;
  printed: boolean;
}

interface Cached {
  version: string;
  entries: Entry[];
}

const KEY = Symbol.for('atesta.faceGallery');
type Holder = { [KEY]?: Map<string, Cached> };
const cache = () => ((globalThis as Holder)[KEY] ??= new Map());

/** A face template as bytes (float32), the form it is sealed in wherever it is kept. */
export const templateBytes = (descriptor: number[]) => Buffer.from(Float32Array.from(descriptor).buffer);
export const templateFromBytes = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

const encode = (descriptor: number[]) => seal(templateBytes(descriptor));
const decode = (sealed: string) => templateFromBytes(open(sealed));

/** A template and whether it was described from a printed portrait (`Face.printed`): what the index keeps of a face. */
export interface FaceTemplate {
  descriptor: number[];
  printed?: boolean;
}

export async function enrolFace(db: Executor, integratorId: string, cpf: string, template: FaceTemplate, reference?: string): Promise<string> {
  const values = { integratorId, cpf, reference: reference ?? null, templateSealed: encode(template.descriptor), printed: template.printed === true };
  const [row] = await db.insert(schema.faceTemplates).values(values).returning({ id: schema.faceTemplates.id });
  cache().delete(integratorId);
  return row!.id;
}

/** Removes one template, every template of a CPF, or those enrolled under a reference (an onboarding): LGPD deletion requests and retention. */
export async function deleteFaces(integratorId: string, by: { id: string } | { cpf: string } | { reference: string }): Promise<number> {
  const db = await getDb();
  const t = schema.faceTemplates;
  const where = 'id' in by ? eq(t.id, by.id) : 'cpf' in by ? eq(t.cpf, by.cpf) : eq(t.reference, by.reference);
  const gone = await db.delete(schema.faceTemplates).where(and(eq(schema.faceTemplates.integratorId, integratorId), where)).returning({ id: schema.faceTemplates.id });
  cache().delete(integratorId);
  return gone.length;
}

async function entriesOf(integratorId: string): Promise<Entry[]> {
  const db = await getDb();
  const t = schema.faceTemplates;
  const [stat] = await db.select({ n: count(), newest: max(t.createdAt) }).from(t).where(eq(t.integratorId, integratorId));
  const version = `${stat?.n ?? 0}:${stat?.newest?.getTime() ?? 0}`;
  const hit = cache().get(integratorId);
  if (hit && hit.version === version) return hit.entries;
  const rows = await db.select({ id: t.id, cpf: t.cpf, reference: t.reference, sealed: t.templateSealed, printed: t.printed }).from(t).where(eq(t.integratorId, integratorId));
  const entries = rows.map((r) => ({ id: r.id, cpf: r.cpf, reference: r.reference, vector: decode(r.sealed), printed: r.printed }));
  cache().set(integratorId, { version, entries });
  return entries;
}

export interface FaceCandidate {
  id: string;
  cpf: string;
  reference: string | null;
  similarity: number;
}

/** Similarity of a probe (its template as float32, `q`) to one enrolled face, on the scale of their kind of pair. */
function similarityTo(probe: FaceTemplate, q: Float32Array, e: Entry): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const d = q[i]! - e.vector[i]!;
    s += d * d;
  }
  return similarityOf(Math.sqrt(s), scaleFor(probe, e));
}

/** Similarity of a face to the best of the faces enrolled under one CPF; undefined when none is enrolled. */
export async function similarityToCpf(integratorId: string, cpf: string, probe: FaceTemplate): Promise<number | undefined> {
  const q = Float32Array.from(probe.descriptor);
  let best: number | undefined;
  for (const e of await entriesOf(integratorId)) {
    if (e.cpf !== cpf || e.vector.length !== q.length) continue;
    const similarity = similarityTo(probe, q, e);
    if (best === undefined || similarity > best) best = similarity;
  }
  return best;
}

/** Enrolled faces of this integrator at or above the match threshold, most similar first. */
export async function searchFaces(integratorId: string, probe: FaceTemplate, options: { threshold?: number; limit?: number } = {}): Promise<FaceCandidate[]> {
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const q = Float32Array.from(probe.descriptor);
  const out: FaceCandidate[] = [];
  for (const e of await entriesOf(integratorId)) {
    if (e.vector.length !== q.length) continue;
    const similarity = similarityTo(probe, q, e);
    if (similarity >= threshold) out.push({ id: e.id, cpf: e.cpf, reference: e.reference, similarity });
  }
  return out.sort((a, b) => b.similarity - a.similarity).slice(0, options.limit ?? 10);
}
