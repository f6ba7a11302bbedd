import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool } from '../ocr';
import type { Box } from './box';
import { drawnPage } from './drawn-page';
import { completeParents, holderFromCode, otherParent } from './parents';
import type { OcrField } from './types';

afterAll(async () => closeOcrPool());

/** A holder's name, then two parents' lines set `pitch` px apart (baselines), and the box of each line's letters. */
function parentsPage(pitch: number) {
  const lines = ['LÚCIA LIMA BARBOSA DAS GOMES', 'ANTÔNIO DAS RAMOS', 'LETÍCIA JOAQUIM SANTOS ARAÚJO GOMES'];
  const baselines = [80, 200, 200 + pitch];
  const boxes: Box[] = [];
  let firstWord = 0;
  const page = drawnPage(1100, 320, (ctx) => {
    ctx.font = 'bold 26px sans-serif';
    lines.forEach((text, k) => {
      ctx.fillText(text, 40, baselines[k]!);
      boxes.push([40, baselines[k]! - 20, Math.ceil(ctx.measureText(text).width), 20]);
    });
    firstWord = Math.ceil(ctx.measureText('ANTÔNIO ').width);
  });
  const field = (k: number): OcrField => ({ key: 'nome', value: lines[k]!, conf: 90, bbox: boxes[k]! });
  /** The first parent read without its first word, its box from the second word on. */
  const firstParentCut = (): OcrField => {
    const [x, y, w, h] = boxes[1]!;
    return { key: 'nome', value: 'DAS RAMOS', conf: 90, bbox: [x + firstWord, y, w - firstWord, h] };
  };
  return { page, lines, field, firstParentCut };
}

const filiacaoOf = (parent: OcrField): OcrField => ({ key: 'filiacao', value: parent.value, conf: parent.conf, bbox: parent.bbox, fields: [parent] });

describe('a filiação read with one parent', () => {
  it('takes the line just above as the first parent, when the one read is the second', async () => {
    const { page, lines, field } = parentsPage(28);
    const fields = [field(0), filiacaoOf(field(2))];
    await completeParents(page, fields);
    expect(fields[1]!.fields!.map((f) => f.value)).toEqual([lines[1], lines[2]]);
    expect(fields[1]!.value).toBe(`${lines[1]} / ${lines[2]}`);
  });

  it('takes the line just below as the second parent, and never the holder above', async () => {
    const { page, lines, field } = parentsPage(28);
    const fields = [field(0), filiacaoOf(field(1))];
    await completeParents(page, fields);
    expect(fields[1]!.fields!.map((f) => f.value)).toEqual([lines[1], lines[2]]);
  });

  it('gets back the words the parent’s first reading dropped, then takes the line below as the other parent', async () => {
    const { page, lines, field, firstParentCut } = parentsPage(28);
    const fields = [field(0), filiacaoOf(firstParentCut())];
    await completeParents(page, fields);
    expect(fields[1]!.fields!.map((f) => f.value)).toEqual([lines[1], lines[2]]);
  });

  it('adds nothing when no name line lies a parent’s line pitch away', async () => {
    const { page, field } = parentsPage(120);
    const fields = [field(0), filiacaoOf(field(1))];
    await completeParents(page, fields);
    expect(fields[1]!.fields).toHaveLength(1);
  });
});

describe("a CNH's holder as its QR code names them", () => {
  const at = (value: string, y: number): OcrField => ({ key: 'nome', value, conf: 90, bbox: [40, y, 400, 20] });
  const filiacao = (...parents: OcrField[]): OcrField => ({ key: 'filiacao', value: parents.map((p) => p.value).join(' / '), conf: 90, bbox: [40, 100, 400, 60], fields: parents });

  it('takes the parent the code names for the holder, where a city line was taken for the holder', () => {
    const fields = [at('JOÃO PESSOA', 20), filiacao(at('ANDRÉ SANTOS CONCEIÇÃO', 60), at('LETÍCIA DAS SOUZA CASTRO OLIVEIRA', 100))];
    holderFromCode(fields, 'ANDRE SANTOS CONCEICAO');
    expect(fields[0]!.value).toBe('ANDRÉ SANTOS CONCEIÇÃO');
    expect(fields[1]!.fields!.map((f) => f.value)).toEqual(['LETÍCIA DAS SOUZA CASTRO OLIVEIRA']);
    expect(fields[1]!.value).toBe('LETÍCIA DAS SOUZA CASTRO OLIVEIRA');
  });

  it('changes nothing when the holder read is the one the code names, or the code names no one read', () => {
    const fields = [at('ANDRÉ SANTOS CONCEICAO', 20), filiacao(at('LETÍCIA DAS SOUZA CASTRO OLIVEIRA', 60))];
    holderFromCode(fields, 'ANDRE SANTOS CONCEICAO');
    expect(fields[0]!.value).toBe('ANDRÉ SANTOS CONCEICAO');
    const other = [at('JOÃO PESSOA', 20), filiacao(at('LETÍCIA DAS SOUZA CASTRO OLIVEIRA', 60))];
    holderFromCode(other, 'ANDRE SANTOS CONCEICAO');
    expect(other[0]!.value).toBe('JOÃO PESSOA');
    expect(other[1]!.fields).toHaveLength(1);
  });
});

describe('the other parent among the lines beside the one read', () => {
  const line = (value: string, conf: number) => ({ value, conf });
  const known = ['LETÍCIA JOAQUIM SANTOS ARAÚJO GOMES', 'LÚCIA LIMA BARBOSA DAS GOMES'];

  it('takes a name read above at a lower confidence than below: above, it also puts the two in their printed order', () => {
    expect(otherParent(line('JOÃO NASCIMENTO', 38), undefined, known)).toEqual({ line: line('JOÃO NASCIMENTO', 38), first: true });
    expect(otherParent(undefined, line('JOÃO NASCIMENTO', 38), known)).toBeUndefined();
    expect(otherParent(undefined, line('JOÃO NASCIMENTO', 72), known)).toEqual({ line: line('JOÃO NASCIMENTO', 72), first: false });
  });

  it('takes nothing below 30, when both sides hold a name, or when the name is a label, the holder or the parent', () => {
    expect(otherParent(line('JOÃO NASCIMENTO', 25), undefined, known)).toBeUndefined();
    expect(otherParent(line('JOÃO NASCIMENTO', 80), line('ANA RODRIGUES', 80), known)).toBeUndefined();
    expect(otherParent(line('FILIAÇÃO', 90), undefined, known)).toBeUndefined();
    expect(otherParent(line('LUCIA LIMA BARBOSA DAS GOMES', 90), line('ANA RODRIGUES', 50), known)).toBeUndefined();
    expect(otherParent(line('LUCIA LIMA BARBOSA DAS GOMES', 90), line('ANA RODRIGUES', 70), known)).toEqual({ line: line('ANA RODRIGUES', 70), first: false });
  });
});
