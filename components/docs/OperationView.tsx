import { SchemaView, type Components } from './SchemaView';

type Content = Record<string, { schema?: object }>;
export interface OperationDoc {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
}

const METHOD_COLORS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  put: 'bg-amber-100 text-amber-800',
  patch: 'bg-amber-100 text-amber-800',
  delete: 'bg-rose-100 text-rose-800',
};

function authLabel(security?: Record<string, string[]>[]): string {
  const names = (security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('bearerAuth')) return 'Authorization: Bearer';
  if (names.includes('apiKey')) return 'x-api-key';
  if (names.includes('oauth2')) return 'OAuth 2.0 Bearer (client credentials)';
  return 'none';
}

export function OperationView({ method, path, op, components }: { method: string; path: string; op: OperationDoc; components: Components }) {
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content)[0] : undefined;
  return (
    <section id={op.operationId} className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="mb-1 flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-bold uppercase ${METHOD_COLORS[method] ?? ''}`}>{method}</span>
        <span>{path}</span>
      </h3>
      <p className="font-semibold">{op.summary}</p>
      {op.description ? <p className="mt-1 text-sm text-slate-700">{op.description}</p> : null}
      <p className="mt-1 text-xs text-slate-500">Auth: {authLabel(op.security)}</p>
      {body?.[1].schema ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Request body ({body[0]})</h4>
          <SchemaView schema={body[1].schema} components={components} />
        </div>
      ) : null}
      <h4 className="mt-3 text-sm font-semibold">Responses</h4>
      <ul className="text-sm">
        {Object.entries(op.responses ?? {}).map(([status, r]) => {
          const content = r.content ? Object.entries(r.content)[0] : undefined;
          const ok = status.startsWith('2');
          return (
            <li key={status} className="mt-1">
              <span className={`font-mono font-bold ${ok ? 'text-emerald-700' : 'text-rose-700'}`}>{status}</span> {r.description}
              {ok && content?.[1].schema ? <div className="ml-4"><SchemaView schema={content[1].schema} components={components} /></div> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
