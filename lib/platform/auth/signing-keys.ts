import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { getDatabase, getDb, schema, type Database } from '../db';
import { openText, randomToken, seal } from '../crypto';

export const JWT_ALG = 'ES256';

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

const KEY = Symbol.for('atesta.signingKeys');
/** Keys rotated by another process (admin CLI) are picked up within this time. */
const CACHE_MS = 5 * 60 * 1000;
type Holder = { [KEY]?: { at: number; database: Database; keys: Promise<LoadedKey[]> } };
const holder = globalThis as Holder;

/** A fresh key pair as a table row, the private half sealed with the master key. */
async function newKeyRow(): Promise<typeof schema.signingKeys.$inferInsert> {
  const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  const kid = randomToken(12);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
  return { kid, alg: JWT_ALG, publicJwk, privateJwkEnc: seal(JSON.stringify(await exportJWK(privateKey))) };
}

/** Generates the first key pair at first start; an advisory lock keeps concurrent starters to one key. */
export async function ensureSigningKey(): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7241020)`);
    const rows = await tx.select({ kid: schema.signingKeys.kid }).from(schema.signingKeys).where(eq(schema.signingKeys.active, true)).limit(1);
    if (rows.length === 0) await tx.insert(schema.signingKeys).values(await newKeyRow());
  });
}

async function loadKeys(): Promise<LoadedKey[]> {
  await ensureSigningKey();
  const db = await getDb();
  const rows = await db.select().from(schema.signingKeys).where(eq(schema.signingKeys.active, true)).orderBy(sql`created_at desc`);
  return Promise.all(
    rows.map(async (row) => ({
      kid: row.kid,
      publicJwk: row.publicJwk as JWK,
      privateKey: (await importJWK(JSON.parse(openText(row.privateJwkEnc)), JWT_ALG)) as CryptoKey,
      publicKey: (await importJWK(row.publicJwk as JWK, JWT_ALG)) as CryptoKey,
    })),
  );
}

/** Active keys, newest first; cached per process. */
export async function signingKeys(): Promise<LoadedKey[]> {
  const database = await getDatabase();
  const cached = holder[KEY];
  // The cache belongs to one database (tests and scripts may switch).
  if (cached && cached.database === database && Date.now() - cached.at < CACHE_MS) return cached.keys;
  const keys = loadKeys().catch((err) => {
    delete holder[KEY];
    throw err;
  });
  holder[KEY] = { at: Date.now(), database, keys };
  return keys;
}

export function forgetSigningKeys(): void {
  delete holder[KEY];
}

/**
 * Adds a new key that signs from now on; older keys keep verifying until
 * retired, so tokens in flight stay valid (admin CLI `keys rotate`).
 */
export async function rotateSigningKey(): Promise<string> {
  const db = await getDb();
  await db.insert(schema.signingKeys).values(await newKeyRow());
  forgetSigningKeys();
  const [current] = await signingKeys();
  return current!.kid;
}

/** Stops verifying with keys other than the newest (after the access-token lifetime has passed). */
export async function retireOldSigningKeys(): Promise<number> {
  const [current] = await signingKeys();
  const db = await getDb();
  const result = await db.execute(sql`update signing_keys set active = false where active and kid <> ${current!.kid}`);
  forgetSigningKeys();
  return result.rowCount ?? 0;
}

export async function jwks(): Promise<{ keys: JWK[] }> {
  return { keys: (await signingKeys()).map((k) => k.publicJwk) };
}
