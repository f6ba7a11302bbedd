/**
 * Request and response examples for every operation, derived from the same
 * JSON Schemas the document publishes: a schema's own `example` first, then
 * its default or first enum value, then a value that fits its name and
 * format (a valid CPF for `cpf`, a data URL for images…). So every operation
 * has an example and none can drift from the contract.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  additionalProperties?: Schema | boolean;
};
export type SchemaComponents = Record<string, Schema>;

const TINY_JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD…';

const BY_NAME: [RegExp, unknown][] = [
  [/^(cpf|cpfCnpj)$/, '52998224725'],
  [/^(cellphone|phone|phoneNumber)$/, '11987654321'],
  [/email/i, 'pessoa@example.com'],
  [/^appRedirect$/, 'https://app.example.com/done'],
  [/^appOrigin$/, 'https://app.example.com'],
  [/(webhookUrl|callBackUrl|^url)$/, 'https://api.example.com/atesta/events'],
  [/basicAuth$/i, 'user:password'],
  [/^(image\w*|selfieImage|documentImage|fileResource|faceCrop|processedImage|logo)$/, TINY_JPEG],
  [/^files$/, [TINY_JPEG]],
  [/^customerId$/, 'cliente-123'],
  [/^(zipCode|cep)$/, '01310100'],
  [/^username$/, 'analyst@banco'],
  [/^password$/, 'a-long-passphrase'],
  [/^(code|token)$/, '123456'],
  [/^fileName$/, 'cnh-frente.jpg'],
  [/^batchExternalId$/, 'lote-2026-001'],
  [/^(typeRecognized)$/, 'CNH_FRENTE'],
  [/^(typeParentAlias)$/, 'CNH'],
  [/^(score|fraudScore)$/, 92],
  [/^similarity$/, 87.4],
  [/(color|colour)$/i, '#0f766e'],
];

const BY_FORMAT: Record<string, unknown> = {
  'date-time': '2026-11-25T13:00:00.000Z',
  date: '2026-11-25',
  uuid: '0b8e4f7c-5d1a-4f3e-9a2b-6c7d8e9f0a1b',
  email: 'pessoa@example.com',
  uri: 'https://app.example.com/done',
};

function resolve(schema: Schema, components: SchemaComponents): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

export function exampleOf(schema: Schema | undefined, components: SchemaComponents, name = '', depth = 0): unknown {
  if (!schema) return undefined;
  const s = resolve(schema, components);
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  const named = BY_NAME.find(([re]) => re.test(name));
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined && !(Array.isArray(s.default) && s.default.length === 0)) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const first = options.find((o) => resolve(o, components).type !== 'null') ?? options[0];
    return exampleOf(first, components, name, depth);
  }
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((o) => exampleOf(o, components, name, depth)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (named && (type === undefined || typeof named[1] === type || (type === 'array' && Array.isArray(named[1])) || (type === 'integer' && typeof named[1] === 'number'))) return named[1];
  switch (type) {
    case 'object': {
      if (depth > 5) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        const value = exampleOf(prop, components, key, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array':
      return depth > 5 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => exampleOf(s.items, components, name.replace(/s$/, ''), depth + 1));
    case 'string':
      return (s.format && BY_FORMAT[s.format]) ?? (name ? `${name}` : 'string');
    case 'integer':
    case 'number': {
      const low = s.minimum ?? s.exclusiveMinimum;
      const high = s.maximum ?? s.exclusiveMaximum;
      if (low !== undefined && high !== undefined) return type === 'integer' ? Math.ceil((low + high) / 2) : (low + high) / 2;
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : type === 'integer' ? 1 : 1.5);
    }
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

type MediaType = { schema?: Schema; example?: unknown };
type Operation = { requestBody?: { content?: Record<string, MediaType> }; responses?: Record<string, { content?: Record<string, MediaType> }> };

/** Puts an `example` on every request body and success response of the document that has none. */
export function addExamples(document: { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: SchemaComponents } }): void {
  const components = document.components?.schemas ?? {};
  for (const ops of Object.values(document.paths ?? {})) {
    for (const op of Object.values(ops)) {
      const media = [...Object.values(op.requestBody?.content ?? {}), ...Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2')).flatMap(([, r]) => Object.values(r.content ?? {}))];
      for (const m of media) if (m.example === undefined && m.schema) m.example = exampleOf(m.schema, components);
    }
  }
}
