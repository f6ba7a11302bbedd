import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PT } from './console-pt';
import { translate } from './console';

/** Every file of the console: its components and its pages. */
function consoleSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return consoleSources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('console language', () => {
  it('has Portuguese for every text the console passes to t(…)', () => {
    const files = [...consoleSources(path.resolve('components/console')), ...consoleSources(path.resolve('app/console')), path.resolve('components/console/branding/contrast-report.ts')];
    const keys = new Set<string>();
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) keys.add(m[2]!.replace(/\\(['"])/g, '$1'));
      for (const m of text.matchAll(/consoleTitle\('([^']+)'\)/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(200);
    const missing = [...keys].filter((k) => !(k in CONSOLE_PT));
    expect(missing).toEqual([]);
  });

  it('fills placeholders in either language; English is the text itself', () => {
    expect(translate('en', 'Added {url}.', { url: 'https://x.example' })).toBe('Added https://x.example.');
    expect(translate('pt-BR', 'Added {url}.', { url: 'https://x.example' })).toBe('https://x.example adicionado.');
    expect(translate('pt-BR', 'Overview')).toBe('Visão geral');
    // Placeholders of the English survive in the Portuguese.
    for (const [en, pt] of Object.entries(CONSOLE_PT)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(pt), en).toEqual(names(en));
    }
  });
});
