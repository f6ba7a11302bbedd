import type { Typeface } from './fonts';
import { backdrop, emblem, headings, put, putInline, sheet, text, type Drawn } from './paint';
import { dmy, dottedCpf, type Holder } from './people';
import type { Stream } from './random';

/** The CPF: the blue plastic card, or the Receita's printed registration proof cut out. */
export function cpfDocument(s: Stream, p: Holder, face: Typeface): Drawn {
  const fields = { cpf: p.cpf, nome: p.name, dataNascimento: p.birth };
  if (s.maybe(0.6)) {
    const sh = sheet(1600, 1010, s, face);
    backdrop(sh, [190, 212, 238], [214, 228, 246]);
    emblem(sh, 1600 * 0.12, 1010 * 0.16, 80, 'rgba(13,44,107,0.5)');
    headings(sh, [s.one(['MINISTÉRIO DA FAZENDA', 'MINISTÉRIO DA ECONOMIA']), s.one(['SECRETARIA DA RECEITA FEDERAL', 'RECEITA FEDERAL DO BRASIL']), 'CADASTRO DE PESSOAS FÍSICAS'], 1600 * 0.58, 1010 * 0.09, 30, '#0d2c6b');
    put(sh, s.one(['NÚMERO DE INSCRIÇÃO', 'Nº DE INSCRIÇÃO', 'CPF Nº']), dottedCpf(p.cpf), 0.07, 0.36, 50, 1600 * 0.6);
    put(sh, s.one(['NOME', 'NOME DO CONTRIBUINTE']), p.name, 0.07, 0.54, 40);
    put(sh, s.one(['DATA DE NASCIMENTO', 'NASCIMENTO', 'DATA NASC.']), dmy(p.birth), 0.07, 0.72, 40, 1600 * 0.5);
    return { canvas: sh.canvas, variant: 'cpf-cartao-azul', fields };
  }
  const sh = sheet(1700, 1000, s, face);
  sh.ctx.fillStyle = '#fbfbf8';
  sh.ctx.fillRect(0, 0, 1700, 1000);
  headings(sh, ['RECEITA FEDERAL', 'Comprovante de Situação Cadastral no CPF'], 850, 80, 32, '#222');
  putInline(sh, 'Nº do CPF:', dottedCpf(p.cpf), 0.06, 0.3, 40);
  putInline(sh, 'Nome:', p.name, 0.06, 0.42, 38);
  putInline(sh, 'Data de Nascimento:', dmy(p.birth), 0.06, 0.54, 38);
  putInline(sh, 'Situação Cadastral:', 'REGULAR', 0.06, 0.66, 36);
  putInline(sh, 'Data da Inscrição:', s.one(['anterior a 10/11/1990', dmy(`${Number(p.birth.slice(0, 4)) + 18}-03-15`)]), 0.06, 0.76, 32);
  text(sh, `Comprovante emitido às ${s.whole(10, 23)}:${s.whole(10, 59)} do dia ${s.whole(10, 28)}/0${s.whole(1, 9)}/2025`, 1700 * 0.06, 1000 * 0.92, 24, face.label, '#555');
  return { canvas: sh.canvas, variant: 'cpf-comprovante', fields };
}
