import fc from 'fast-check';
import { z } from 'zod';
import { hostileFileField, type HostileFiles } from './files';
import { deepNesting, RawJson } from './json';
import { hostileShortString, hostileString } from './strings';

/** A JSON Schema node, as zod writes it for a contract's body or query. */
export type JsonSchema = { [key: string]: any };

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Follows `$ref` into `$defs` of the root. */
export function deref(node: JsonSchema, root: JsonSchema): JsonSchema {
  let n = node;
  for (let i = 0; i < 10 && typeof n.$ref === 'string'; i++) n = root.$defs?.[n.$ref.replace('#/$defs/', '')] ?? {};
  return n;
}

/** A string field that carries a file: its description says base64, or its name says image or file. */
export function isFileField(name: string, node: JsonSchema): boolean {
  return /base64|binary/i.test(`${node.description ?? ''} ${node.format ?? ''} ${node.contentEncoding ?? ''}`) || /^(image|file|front|back|selfie|logo)/i.test(name);
}

export interface SchemaContext {
  root: JsonSchema;
  files: HostileFiles;
  /** Free text sometimes carries a hostile string even in a plausible body (default true). */
  tricks?: boolean;
}

/** Values that match the node, or come close (random text where only a refinement would tell): the rest of a body stays plausible while one field is hostile. */
export function plausible(node0: JsonSchema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  const node = deref(node0, ctx.root);
  const examples = [node.example, ...(node.examples ?? [])].filter((v) => v !== undefined);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...(node.enum as unknown[]));
  if (examples.length) return fc.constantFrom(...examples);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return fc.oneof(...(alternatives as JsonSchema[]).map((a) => plausible(a, ctx, name)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'string':
      return plausibleString(node, ctx, name);
    case 'integer':
      return fc.integer({ min: node.minimum ?? (node.exclusiveMinimum ?? -1001) + 1, max: node.maximum ?? (node.exclusiveMaximum ?? 1001) - 1 });
    case 'number':
      return fc.double({ min: node.minimum ?? node.exclusiveMinimum ?? -1000, max: node.maximum ?? node.exclusiveMaximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = node.minItems ?? 0;
      return fc.array(plausible(node.items ?? {}, ctx, name), { minLength: min, maxLength: Math.min(node.maxItems ?? min + 2, min + 2) });
    }
    case 'object':
      return plausibleObject(node, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(node: JsonSchema, ctx: SchemaContext, name: string): fc.Arbitrary<unknown> {
  if (isFileField(name, node)) return fc.constantFrom('smallJpeg', 'smallPng').map((f) => `data:image/jpeg;base64,${ctx.files[f]!.toString('base64')}`);
  if (node.format === 'email') return fc.emailAddress();
  if (node.format === 'uri') return fc.webUrl({ validSchemes: ['https'] });
  if (node.format === 'uuid') return fc.uuid();
  if (node.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  const pattern: string | undefined = node.pattern ?? node.allOf?.find((p: JsonSchema) => p.pattern)?.pattern;
  const min = node.minLength ?? 0;
  const max = Math.min(node.maxLength ?? 40, 40);
  if (pattern) return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length >= min && s.length <= (node.maxLength ?? Infinity));
  const text = fc.string({ minLength: min, maxLength: Math.max(min, max) });
  // Free text is where hostile content passes validation and travels furthest.
  if (ctx.tricks === false) return text;
  const fits = hostileShortString.filter((s) => s.length >= min && s.length <= (node.maxLength ?? Infinity));
  return fc.oneof({ weight: 2, arbitrary: text }, { weight: 1, arbitrary: fits });
}

function plausibleObject(node: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const props: Record<string, JsonSchema> = node.properties ?? {};
  const keys = Object.keys(props);
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  const required: string[] = node.required ?? [];
  return fc.record(Object.fromEntries(keys.map((k) => [k, plausible(props[k]!, ctx, k)])), { requiredKeys: keys.filter((k) => required.includes(k)) });
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, '', '0', 'true', 'null', [], [null], {}, { $gt: '' }, new RawJson('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', 'prototype pollution'), [[[]]]];

/** A value the field must refuse (or survive): the wrong JSON type, hostile text, deep nesting, a hostile file. */
export function hostile(node0: JsonSchema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  const node = deref(node0, ctx.root);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom(deepNesting(10_000, 'array'), deepNesting(10_000, 'object')) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  ];
  if (type === 'string' && isFileField(name, node)) options.push({ weight: 8, arbitrary: hostileFileField(ctx.files) });
  if (type === 'array' && node.items) {
    // Too many items, or plausible items with one hostile member.
    options.push({ weight: 2, arbitrary: fc.array(hostile(node.items, ctx, name), { minLength: 1, maxLength: 4 }) });
    options.push({ weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, () => 0)) });
  }
  if (type === 'object' && node.properties) options.push({ weight: 3, arbitrary: hostileObject(node, ctx) });
  return fc.oneof(...options);
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '$where', 'toString'];

/**
 * A plausible object with one to three members made hostile, sometimes with
 * extra members (prototype-pollution keys, hostile names).
 */
export function hostileObject(node0: JsonSchema, ctx: SchemaContext): fc.Arbitrary<Record<string, unknown>> {
  const node = deref(node0, ctx.root);
  const props: Record<string, JsonSchema> = node.properties ?? {};
  const keys = Object.keys(props);
  const extras = fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), hostileString.filter((s) => s.length < 100)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
  const base = plausible(node, ctx) as fc.Arbitrary<Record<string, unknown>>;
  if (!keys.length) return fc.tuple(base, extras).map(([b, e]) => ({ ...b, ...e }));
  const targets = fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: Math.min(3, keys.length) });
  return fc
    .tuple(base, targets, extras, fc.boolean())
    .chain(([b, t, e, withExtras]) =>
      fc.tuple(...t.map((k) => hostile(props[k]!, ctx, k))).map((values) => {
        const out: Record<string, unknown> = { ...b };
        t.forEach((k, i) => (out[k] = values[i]));
        if (withExtras) for (const [k, v] of Object.entries(e)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        return out;
      }),
    );
}
