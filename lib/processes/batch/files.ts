import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../../platform/config';
import { isAppError } from '../../platform/errors';
import { checkFileBytes, decodeFileField } from '../../engines/media';

/** Why a document was refused, in SPEC 2.6 terms. */
export interface Rejection {
  rejectCode: string;
  docRejectPhase: 1 | 2 | 3;
  reason: string;
}

export type FileOutcome = { ok: true; bytes: Buffer; mime: string } | { ok: false; rejection: Rejection };

const reject = (rejectCode: string, reason: string): FileOutcome => ({ ok: false, rejection: { rejectCode, docRejectPhase: 1, reason } });

/**
 * The file of one Doc, from `fileResource` (base64 or data URL) or `filePath`
 * (inside IMPORT_DIR only: the resolved real path, symlinks followed, must
 * stay under it). Problems come back as a rejection of this document alone.
 */
export async function docFile(doc: { fileResource?: string; filePath?: string }, position: number): Promise<FileOutcome> {
  const field = `docs[${position}]`;
  if (doc.fileResource && doc.filePath) return reject('AMBIGUOUS_FILE', 'Send fileResource or filePath, not both.');
  if (doc.fileResource) {
    const resource = doc.fileResource;
    return checked(() => decodeFileField(resource, `${field}.fileResource`));
  }
  if (doc.filePath) return fileFromImportDir(doc.filePath, field);
  return reject('MISSING_FILE', 'The document has neither fileResource nor filePath.');
}

/** The media checks (type from the bytes, size), their refusals turned into this document's rejection. */
function checked(read: () => { bytes: Buffer; mime: string }): FileOutcome {
  try {
    const file = read();
    return { ok: true, bytes: file.bytes, mime: file.mime };
  } catch (err) {
    if (isAppError(err)) return reject(err.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : err.status === 413 ? 'FILE_TOO_LARGE' : 'INVALID_FILE', err.message);
    throw err;
  }
}

async function fileFromImportDir(filePath: string, field: string): Promise<FileOutcome> {
  const root = getConfig().IMPORT_DIR;
  if (!root) return reject('FILE_PATH_NOT_ENABLED', 'filePath is not accepted on this server (no import directory is configured); send fileResource.');
  if (filePath.includes('\0')) return reject('PATH_NOT_ALLOWED', `${field}.filePath is not a valid path.`);
  let realRoot: string;
  let real: string;
  try {
    realRoot = await fs.realpath(root);
    real = await fs.realpath(path.resolve(realRoot, filePath));
  } catch {
    // A path outside the root is refused the same way whether or not it exists (no probing).
    const lexical = path.resolve(root, filePath);
    if (!isInside(path.resolve(root), lexical)) return reject('PATH_NOT_ALLOWED', `${field}.filePath points outside the import directory.`);
    return reject('FILE_NOT_FOUND', `${field}.filePath does not exist in the import directory.`);
  }
  if (!isInside(realRoot, real)) return reject('PATH_NOT_ALLOWED', `${field}.filePath points outside the import directory.`);
  const stat = await fs.stat(real);
  if (!stat.isFile()) return reject('FILE_NOT_FOUND', `${field}.filePath is not a file.`);
  const limit = getConfig().MEDIA_MAX_FILE_BYTES;
  if (stat.size > limit) return reject('FILE_TOO_LARGE', `${field}.filePath is larger than ${Math.round(limit / 1024 / 1024)} MB.`);
  const bytes = await fs.readFile(real);
  return checked(() => checkFileBytes(bytes, `${field}.filePath`));
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
