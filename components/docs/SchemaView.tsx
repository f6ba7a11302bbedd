import { Markdown } from './Markdown';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
};

export type Components = Record<string, Schema>;

function resolve(schema: Schema, components: Components): { schema: Schema; name?: string } {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return { schema: components[name] ?? {}, name };
  }
  return { schema };
}

function typeLabel(schema: Schema, components: Components): string {
  const { schema: s, name } = resolve(schema, components);
  if (name) return name;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.map((x) => typeLabel(x, components)).join(' | ');
  if (s.type === 'array' && s.items) return `${typeLabel(s.items, components)}[]`;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return s.format ? `${t} (${s.format})` : t;
}

/** A JSON Schema object as a table of its properties, nested objects indented. */
export function SchemaView({ schema, components, depth = 0 }: { schema: Schema; components: Components; depth?: number }) {
  const { schema: s } = resolve(schema, components);
  const target = s.type === 'array' && s.items ? resolve(s.items, components).schema : s;
  if (!target.properties) return <code className="text-sm">{typeLabel(schema, components)}</code>;
  return (
    <table className="w-full text-left text-sm">
      <tbody>
        {Object.entries(target.properties).map(([key, prop]) => {
          const inner = resolve(prop, components).schema;
          const nested = depth < 3 && (inner.properties || (inner.type === 'array' && inner.items && resolve(inner.items, components).schema.properties));
          return (
            <tr key={key} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono whitespace-nowrap">
                {key}
                {target.required?.includes(key) ? <span className="text-red-600">*</span> : null}
              </td>
              <td className="py-1 pr-3 font-mono text-slate-600">{typeLabel(prop, components)}</td>
              <td className="py-1 text-slate-700">
                {(inner.description ?? prop.description) ? <Markdown inline text={(inner.description ?? prop.description)!} /> : null}
                {nested ? <div className="mt-1 ml-2 border-l-2 border-slate-200 pl-2"><SchemaView schema={prop} components={components} depth={depth + 1} /></div> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
