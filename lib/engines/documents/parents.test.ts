import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool } from '../ocr';
import type { Box } from './box';
import { drawnPage } from './drawn-page';
import { completeParents } from './parents';
import type { OcrField } from './types';

afterAll(async () => closeOcrPool());

/** A holder's name, then two parents' lines set `pitch` px apart (baselines), and the box of each line's letters. */
function parentsPage(pitch: number) {
  const lines = ['LÚCIA LIMA BARBOSA DAS GOMES', 'ANTÔNIO DAS RAMOS', 'LETÍCIA JOAQUIM SANTOS ARAÚJO GOMES'];
  const baselines = [80, 200, 200 + pitch];
  const boxes: Box[] = [];
  const page = drawnPage(1100, 320, (ctx) => {
    ctx.font = 'bold 26px sans-serif';
    lines.forEach((text, k) => {
      ctx.fillText(text, 40, baselines[k]!);
      boxes.push([40, baselines[k]! - 20, Math.ceil(ctx.measureText(text).width), 20]);
    });
  });
  const field = (k: number): OcrField => ({ key: 'nome', value: lines[k]!, conf: 90, bbox: boxes[k]! });
  return { page, lines, field };
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

  it('adds nothing when no name line lies a parent’s line pitch away', async () => {
    const { page, field } = parentsPage(120);
    const fields = [field(0), filiacaoOf(field(1))];
    await completeParents(page, fields);
    expect(fields[1]!.fields).toHaveLength(1);
  });
});
