import sharp from 'sharp';
import { cpfOrCnpj } from '../br';
import { FORMALISTIC_PATH, type FaceResult, type FormalisticItem, type FormalisticRequest, type FormalisticResponse } from '../../api/contracts/formalistic';
import { datavalidClient } from '../datavalid';
import { readCompanyDocument, readDocument, type DocumentReading, type OcrResult } from '../documents';
import { AppError } from '../../platform/errors';
import { DEFAULT_MATCH_THRESHOLD, locateFaces, searchFaces, type Face, type FaceCandidate, type Picture } from '../face';
import { denyListEntry, documentForensics, earlyForensics, faceCropOf, merged, PORTRAIT_SIDES, recordAnalysis, ruleSettingsFor, scoreEvidence, type Evidence, type ForensicSignals, type PageSignals } from '../fraud';
import { getLogger } from '../../platform/log';
import { intake, type MediaInput } from '../media';
import { readSettings, integratorAlias } from '../../platform/settings';
import { checklist, isIdentity, type Group, type ReadFile, type Subject } from './checklist';
import { datavalidFor } from './datavalid';
import { regionsOf } from './regions';

export const FORMALISTIC_METHOD = 'extract.formalistic';
/** Faces searched in the index for one file: the portrait, or the largest faces of another page. */
const INDEX_SEARCH_LIMIT = 5;
const PROCESSED_MAX_WIDTH = 1600;

const NO_ERROR = { message: '', stackTrace: '', source: '' };

interface FileOutcome {
  item: FormalisticItem;
  /** `indexed`: the face index's matches for the portrait, when searched (the set's duplicate check reuses them). */
  read?: ReadFile & { forensics?: ForensicSignals; portraitFace?: Face; indexed?: FaceCandidate[] };
}

const jpegDataUrl = async (png: Buffer) =>
  `data:image/jpeg;base64,${(await sharp(png).resize({ width: PROCESSED_MAX_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer()).toString('base64')}`;

/** The document read, or a company document told from its text. */
function ocrOf(reading: DocumentReading, media: MediaInput): OcrResult {
  if (reading.result.typeRecognized) return reading.result;
  return readCompanyDocument(reading.text, media.digital) ?? reading.result;
}

/** One file, on its own: whatever fails here fails this item only. */
async function analyseFile(
  index: number,
  value: string,
  ctx: { integratorId: string; body: FormalisticRequest; subject: Subject; companyAlias: string; threshold: number },
): Promise<FileOutcome> {
  const field = `files[${index}]`;
  const base = { timestamp: new Date().toISOString(), resquestUri: `${FORMALISTIC_PATH}#${field}`, companyAlias: ctx.companyAlias };
  try {
    const media = await intake(value, field);
    let early: Promise<PageSignals> | undefined;
    const reading = await readDocument(media, ctx.body.forensics ? { onLocated: (where) => (early = earlyForensics(media, where)) } : {});
    const ocr = ocrOf(reading, media);
    const page = media.images[0]!;
    const picture: Picture = { png: page.png, width: page.width, height: page.height };
    const portraitSide = PORTRAIT_SIDES.has(ocr.typeRecognized);
    // A portrait side keeps its best candidate; other pages report every face they show. (Faces in the face worker while the forensics measure the page.)
    const [found, forensics] = await Promise.all([
      locateFaces(picture, portraitSide ? 'document' : 'scene'),
      ctx.body.forensics ? documentForensics(media, reading, early) : Promise.resolve(undefined),
    ]);
    const faces = portraitSide ? found.slice(0, 1) : found;
    const faceResult: FaceResult = { count: faces.length, faces: faces.map((f) => ({ box: f.box.map(Math.round), score: Math.round(f.score * 1000) / 1000, portrait: portraitSide })), indexSearched: false, indexMatches: [] };
    const main = faces[0];
    const indexed = ctx.body.faceDB && main ? await searchFaces(ctx.integratorId, main, { threshold: ctx.threshold, limit: INDEX_SEARCH_LIMIT }) : undefined;
    if (indexed) {
      faceResult.indexSearched = true;
      faceResult.indexMatches = indexed.map((c) => ({ cpf: c.cpf, reference: c.reference, similarity: Math.round(c.similarity * 10) / 10 }));
    }
    const portraitFace = portraitSide ? main : undefined;
    const datavalidResult = ctx.body.datavalid ? await datavalidFor(datavalidClient(), ocr, ctx.subject, portraitFace && (await faceCropOf(picture, portraitFace))) : { status: 'not_requested' as const };
    const item: FormalisticItem = {
      ...base,
      statusCode: 200,
      error: NO_ERROR,
      ocrResult: ocr,
      faceResult,
      yoloResult: regionsOf({ ...reading, result: ocr }, faces, page.width, page.height),
      datavalidResult,
      processedImage: await jpegDataUrl(await reading.upright()),
      succesful: true,
    };
    return { item, read: { index, ocr, text: reading.text, portrait: Boolean(portraitFace), forensics, portraitFace, indexed: portraitFace && indexed } };
  } catch (err) {
    const known = err instanceof AppError;
    if (!known) getLogger().error({ err, field }, 'formalistic file failed');
    return {
      item: {
        ...base,
        statusCode: known ? err.status : 500,
        error: { message: known ? err.message : 'Falha inesperada ao processar o arquivo.', stackTrace: known ? err.code : 'internal_error', source: field },
        ocrResult: null,
        faceResult: null,
        yoloResult: null,
        datavalidResult: null,
        processedImage: '',
        succesful: false,
      },
    };
  }
}

/**
 * The top level of SPEC 4.10: `succesful` only when every file was read; else
 * `error.source` names the files that failed (the others are still analysed
 * and reported). statusCode is the first failure's, or 422 when none was read.
 */
export function topOutcome(items: Pick<FormalisticItem, 'succesful' | 'statusCode' | 'error'>[]): { statusCode: number; error: FormalisticItem['error']; succesful: boolean } {
  const failed = items.filter((i) => !i.succesful);
  if (failed.length === 0) return { statusCode: 200, error: NO_ERROR, succesful: true };
  const source = failed.map((i) => i.error.source).join(',');
  if (failed.length === items.length) {
    return { statusCode: 422, error: { message: 'Nenhum dos arquivos pôde ser lido; veja o erro de cada item.', stackTrace: 'no_file_read', source }, succesful: false };
  }
  const message = `${failed.length} de ${items.length} arquivos não puderam ser lidos (${source}); os demais foram analisados. Veja o erro de cada item.`;
  return { statusCode: failed[0]!.statusCode, error: { message, stackTrace: 'some_files_failed', source }, succesful: false };
}

/**
 * SPEC 4.10: every file read on its own (a failing one reports its error in
 * its item), then the set checked against the `pf` or `pj` checklist and the
 * identity document scored by the rule catalogue.
 */
export async function analyseFormalistic(integratorId: string, body: FormalisticRequest): Promise<FormalisticResponse> {
  const started = performance.now();
  const subject: Subject = body.cpfCnpj ? cpfOrCnpj(body.cpfCnpj) : undefined;
  const group: Group = body.rulesGroup ?? (subject?.kind === 'cnpj' ? 'pj' : 'pf');
  const [settings, companyAlias] = await Promise.all([readSettings(integratorId), integratorAlias(integratorId)]);
  const threshold = settings.faceMatchThreshold ?? DEFAULT_MATCH_THRESHOLD;
  const files = body.files ?? [];
  const outcomes = await Promise.all(files.map((f, i) => analyseFile(i, f, { integratorId, body, subject, companyAlias, threshold })));
  const read = outcomes.flatMap((o) => (o.read ? [o.read] : []));

  // The rules look at the identity document (two sides of one document read as one).
  const ids = read.filter((r) => isIdentity(r.ocr));
  const sameDocument = ids.length >= 2 && ids[0]!.ocr.typeParentAlias === ids[1]!.ocr.typeParentAlias;
  // A person's set without any identity document is scored on the file that was not recognised (DOCUMENTO_NAO_RECONHECIDO); a company's set may hold none.
  const unrecognised = group === 'pf' ? read.find((r) => !r.ocr.typeRecognized)?.ocr : undefined;
  const ocr = ids.length ? merged(ids[0]!.ocr, sameDocument ? ids[1]!.ocr : undefined) : unrecognised;
  const cpf = subject?.kind === 'cpf' ? subject.value : undefined;
  const person = cpf ?? ocr?.fields.find((f) => f.key === 'cpf' && f.valid)?.value;
  const portraitFile = ids.find((r) => r.portraitFace);
  const portrait = portraitFile?.portraitFace;
  const duplicates = person ? (portraitFile?.indexed ?? []).filter((c) => c.cpf !== person).map((c) => ({ cpf: c.cpf, similarity: c.similarity })) : [];
  const denied = cpf ? await denyListEntry(integratorId, cpf) : undefined;
  const evidence: Evidence = {
    cpf,
    now: new Date(),
    document: ocr ? { ocr, fields: ocr.fields } : undefined,
    forensics: read.flatMap((r) => (r.forensics ? [r.forensics] : [])),
    forensicsEnabled: Boolean(body.forensics),
    denyListed: denied ? { reason: denied.reason } : undefined,
    face: { duplicates, documentFace: ids.some((r) => PORTRAIT_SIDES.has(r.ocr.typeRecognized)) ? Boolean(portrait) : undefined },
  };
  const { score, hardStop, penalties } = scoreEvidence(evidence, await ruleSettingsFor(integratorId, group));
  const { checks, complete } = checklist(group, read, subject, penalties);
  const totalTimeMs = Math.round(performance.now() - started);
  const batchId = await recordAnalysis({ integratorId, methodName: FORMALISTIC_METHOD, cpf: subject?.value ?? '', rulesGroup: group, score, hardStop, penalties, totalTimeMs });

  const top = topOutcome(outcomes.map((o) => o.item));
  return {
    ...top,
    timestamp: new Date().toISOString(),
    resquestUri: FORMALISTIC_PATH,
    ocrResultList: outcomes.map((o) => o.item),
    checkListResult: {
      batchId,
      methodName: FORMALISTIC_METHOD,
      result: {
        rulesGroup: group,
        cpfCnpj: subject ?? null,
        complete,
        checks,
        documents: read.map((r) => ({ file: r.index, typeRecognized: r.ocr.typeRecognized })),
        score,
        hardStop,
        penalties,
      },
    },
  };
}
