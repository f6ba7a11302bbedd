import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { cnpjWithCheckDigits } from '../../lib/engines/br';
import { rng } from './random';

/** A made-up company: CNPJ (classic or the 2026 alphanumeric form), name, one or two partners. */
export interface Company {
  cnpj: string;
  name: string;
  opened: string;
  status: 'ATIVA' | 'BAIXADA' | 'SUSPENSA';
  partners: string[];
}

const WORDS = ['ALFA', 'HORIZONTE', 'PRIMAVERA', 'ATLÂNTICO', 'SERTÃO', 'CONSTRUÇÕES', 'COMÉRCIO', 'SERVIÇOS', 'LOGÍSTICA', 'TECNOLOGIA', 'ALIMENTOS'];
const CNPJ_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function company(seed: number, partners: string[], options: { alphanumeric?: boolean; status?: Company['status'] } = {}): Company {
  const r = rng(seed);
  const base = options.alphanumeric
    ? Array.from({ length: 8 }, () => CNPJ_CHARS[r.int(0, CNPJ_CHARS.length - 1)]).join('') + '0001'
    : Array.from({ length: 8 }, () => String(r.int(0, 9))).join('') + '0001';
  return {
    cnpj: cnpjWithCheckDigits(base),
    name: `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.pick(['LTDA', 'EIRELI', 'S.A.'])}`,
    opened: `${String(r.int(1, 28)).padStart(2, '0')}/${String(r.int(1, 12)).padStart(2, '0')}/${r.int(1995, 2022)}`,
    status: options.status ?? 'ATIVA',
    partners,
  };
}

const printed = (cnpj: string) => `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

async function pdfOf(lines: [string, number][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  let y = 790;
  for (const [text, size] of lines) {
    page.drawText(text, { x: 50, y, size, font: size >= 12 ? bold : font, color: rgb(0, 0, 0) });
    y -= size + 12;
  }
  return Buffer.from(await doc.save());
}

/** The Receita Federal's "Comprovante de Inscrição e de Situação Cadastral", as a PDF with a text layer. */
export function cnpjCard(c: Company): Promise<Buffer> {
  return pdfOf([
    ['REPÚBLICA FEDERATIVA DO BRASIL', 14],
    ['CADASTRO NACIONAL DA PESSOA JURÍDICA', 14],
    ['NÚMERO DE INSCRIÇÃO', 9],
    [`${printed(c.cnpj)}  MATRIZ`, 11],
    ['COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO CADASTRAL', 12],
    ['DATA DE ABERTURA', 9],
    [c.opened, 11],
    ['NOME EMPRESARIAL', 9],
    [c.name, 11],
    ['CÓDIGO E DESCRIÇÃO DA NATUREZA JURÍDICA', 9],
    ['206-2 - Sociedade Empresária Limitada', 11],
    ['SITUAÇÃO CADASTRAL', 9],
    [c.status, 11],
  ]);
}

/** Articles of association naming the partners, as a PDF with a text layer. */
export function articles(c: Company): Promise<Buffer> {
  return pdfOf([
    ['CONTRATO SOCIAL', 16],
    [`RAZÃO SOCIAL: ${c.name}`, 11],
    [`CNPJ ${printed(c.cnpj)}`, 11],
    ['Pelo presente instrumento particular, os sócios abaixo qualificados:', 10],
    ...c.partners.map((p): [string, number] => [`${p}, brasileiro(a), empresário(a),`, 10]),
    ['resolvem constituir uma sociedade empresária limitada, que se regerá pelas cláusulas seguintes.', 10],
    ['CLÁUSULA PRIMEIRA - DO CAPITAL SOCIAL', 10],
  ]);
}
