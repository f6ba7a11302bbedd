/** A JSON text spliced in verbatim where this value sits (nesting too deep for JSON.stringify to write). */
export class RawJson {
  constructor(readonly text: string, readonly label: string) {}
}

/** `depth` levels of arrays or objects, written as text: JSON.stringify itself overflows the stack on them. */
export function deepNesting(depth: number, kind: 'array' | 'object'): RawJson {
  const text = kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return new RawJson(text, `${depth}-deep ${kind}`);
}

/** JSON text of a generated value, with RawJson parts spliced in; undefined becomes an empty body. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0001${raws.push(v.text) - 1}\u0001` : v));
  if (text === undefined) return '';
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** A short, printable account of a generated value (a 5 MB string is named, not printed). */
export function describeValue(value: unknown, max = 160): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) return `<${v.label}>`;
    if (typeof v === 'string' && v.length > 60) return `<${v.length} chars: ${JSON.stringify(v.slice(0, 20))}…>`;
    return v;
  });
  if (text === undefined) return 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
