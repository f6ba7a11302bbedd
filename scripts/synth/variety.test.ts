import { describe, expect, it } from 'vitest';
import { generate } from '.';
import { rng } from './random';
import { varyHeading, varyLabel } from './variety';

describe('tuning generator variety', () => {
  it('words a label as some issuer does, keeping its field number and acronyms', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) seen.add(varyLabel({ r: rng(seed), titleCase: seed % 2 === 0 }, '4c DOC. IDENTIDADE / ÓRG. EMISSOR / UF'));
    expect(seen.size).toBeGreaterThan(3);
    for (const label of seen) {
      expect(label.startsWith('4c ')).toBe(true);
      expect(label).toMatch(/UF$/);
    }
    expect(varyLabel({ r: rng(1), titleCase: false }, 'UNLISTED LABEL')).toBe('UNLISTED LABEL');
  });
  it('may drop or reword heading lines but keeps the ones it does not know', () => {
    const lines = varyHeading({ r: rng(7), titleCase: false }, ['REPÚBLICA FEDERATIVA DO BRASIL', 'CARTEIRA NACIONAL DE HABILITAÇÃO']);
    expect(lines.at(-1)).toBe('CARTEIRA NACIONAL DE HABILITAÇÃO');
  });
  it('draws the same document and truth with or without variety, printed otherwise', async () => {
    const plain = await generate('CNH_FRENTE', 1006, 'clean');
    const varied = await generate('CNH_FRENTE', 1006, 'clean', { variety: true });
    expect(varied.truth).toEqual(plain.truth);
    expect(varied.image.equals(plain.image)).toBe(false);
  });
});
