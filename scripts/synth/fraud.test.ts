import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isValidCpf } from '@/lib/engines/br';
import { facesDir } from '@/lib/testing';
import { fraudCase } from './fraud';

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };

describe('fraud test set', () => {
  it('makes each case from the same arguments, byte for byte', async () => {
    const [a, b] = [await fraudCase('wrong_cpf', 3, faces), await fraudCase('wrong_cpf', 3, faces)];
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.cpf).toBe(b.cpf);
  });

  it('asks with another valid CPF than the printed one', async () => {
    const c = await fraudCase('wrong_cpf', 0, faces);
    expect(isValidCpf(c.cpf)).toBe(true);
    expect(c.cpf).not.toBe(c.truth.fields.cpf);
  });

  it('prints a grey copy without colour, and an expired case with a past validity', async () => {
    const grey = await fraudCase('grey_copy', 0, faces);
    const { data, info } = await sharp(grey.image).extract({ left: 700, top: 450, width: 200, height: 100 }).raw().toBuffer({ resolveWithObject: true });
    let chroma = 0;
    for (let i = 0; i < data.length; i += info.channels) chroma = Math.max(chroma, Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!));
    expect(chroma).toBeLessThan(40);
    const expired = await fraudCase('expired', 0, faces);
    expect(expired.truth.fields.validade! < new Date().toISOString().slice(0, 10)).toBe(true);
  });
});
