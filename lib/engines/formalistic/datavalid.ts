import type { DatavalidItemResult } from '../../api/contracts/formalistic';
import type { DatavalidClient, DatavalidInput } from '../datavalid';
import type { OcrResult } from '../documents';
import { isIdentity, type Subject } from './checklist';

const value = (ocr: OcrResult, key: string) => ocr.fields.find((f) => f.key === key)?.value || undefined;

/**
 * What one identity document says, checked with SERPRO Datavalid. The CPF is
 * the request's, else the one the document carries with valid check digits;
 * without either (or for a file that is not an identity document) nothing is
 * asked and the item says `skipped`.
 */
export async function datavalidFor(client: DatavalidClient, ocr: OcrResult, subject: Subject, portraitJpeg?: string): Promise<DatavalidItemResult> {
  if (!isIdentity(ocr)) return { status: 'skipped', message: 'O arquivo não é um documento de identificação.' };
  const printed = ocr.fields.find((f) => f.key === 'cpf' && f.valid)?.value;
  const cpf = subject?.kind === 'cpf' ? subject.value : printed;
  if (!cpf) return { status: 'skipped', message: 'Sem CPF informado ou lido no documento.' };
  const input: DatavalidInput = { cpf, name: value(ocr, 'nome'), birthDate: value(ocr, 'dataNascimento') };
  if (ocr.typeParentAlias === 'CNH') {
    input.cnh = { registrationNumber: value(ocr, 'numeroRegistro'), category: value(ocr, 'categoria'), firstLicenceDate: value(ocr, 'primeiraHabilitacao'), expiryDate: value(ocr, 'validade') };
  } else if (value(ocr, 'rg')) {
    input.document = { number: value(ocr, 'rg'), issuer: value(ocr, 'orgaoEmissor'), uf: value(ocr, 'ufEmissor') };
  }
  // The portrait crop (JPEG data URL) is what SERPRO compares with the registry photo.
  if (portraitJpeg) input.faceJpegBase64 = portraitJpeg;
  const answer = await client.validate(input);
  if (answer.status === 'ok') return { status: 'ok', checkedAt: answer.checkedAt, fields: answer.fields };
  if (answer.status === 'not_configured') return { status: 'not_configured', message: answer.message };
  return { status: 'error', code: answer.code, message: answer.message };
}
