import { Markdown } from './Markdown';
import { SchemaView, type Components } from './SchemaView';
import { snippets } from './snippets';
import { TryIt, type AuthKind } from './TryIt';

type Content = Record<string, { schema?: object; example?: unknown }>;
export interface OperationDoc {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
}

const METHOD_COLORS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900',
  post: 'bg-emerald-100 text-emerald-900',
  put: 'bg-amber-100 text-amber-900',
  patch: 'bg-amber-100 text-amber-900',
  delete: 'bg-rose-100 text-rose-900',
};

export function authKind(security?: Record<string, string[]>[]): AuthKind {
  const names = (security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('bearerAuth')) return 'bearer';
  if (names.includes('apiKey')) return 'apiKey';
  if (names.includes('oauth2')) return 'oauth2';
  return 'none';
}

const AUTH_LABEL: Record<AuthKind, string> = { bearer: 'Authorization: Bearer', apiKey: 'x-api-key', oauth2: 'OAuth 2.0 Bearer (client credentials)', none: 'none' };

const Code = ({ label, text }: { label: string; text: string }) => (
  <figure className="mt-2">
    <figcaption className="text-xs font-semibold text-slate-600">{label}</figcaption>
    {/* Focusable: a keyboard user can scroll a long sample. */}
    <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100">
      <code>{text}</code>
    </pre>
  </figure>
);

export function OperationView({ id, method, path, op, components, serverUrl }: { id: string; method: string; path: string; op: OperationDoc; components: Components; serverUrl: string }) {
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content)[0] : undefined;
  const ok = Object.entries(op.responses ?? {}).find(([s]) => s.startsWith('2'));
  const okExample = ok?.[1].content ? Object.values(ok[1].content)[0]?.example : undefined;
  const auth = authKind(op.security);
  const sample = snippets({ method, url: `${serverUrl}${path}`, auth, contentType: body?.[0], example: body?.[1].example });
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mb-6 scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="mb-1 flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-bold uppercase ${METHOD_COLORS[method] ?? ''}`}>{method}</span>
        <span>{path}</span>
        <a href={`#${id}`} className="text-xs text-teal-800 underline" aria-label={`Link to ${op.summary ?? path}`}>
          #
        </a>
      </h3>
      <p className="font-semibold">{op.summary}</p>
      {op.description ? <Markdown text={op.description} className="docs-prose mt-1 text-sm text-slate-700" /> : null}
      <p className="mt-1 text-xs text-slate-600">Auth: {AUTH_LABEL[auth]}</p>
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
          const success = status.startsWith('2');
          return (
            <li key={status} className="mt-1">
              <span className={`font-mono font-bold ${success ? 'text-emerald-800' : 'text-rose-800'}`}>{status}</span> {r.description ? <Markdown inline text={r.description} /> : null}
              {success && content?.[1].schema ? (
                <div className="ml-4">
                  <SchemaView schema={content[1].schema} components={components} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-3 grid gap-2 lg:grid-cols-2">
        <div>
          <Code label="curl" text={sample.curl} />
          <Code label="Node (fetch)" text={sample.node} />
        </div>
        <div>
          {body?.[1].example !== undefined ? <Code label="Example request" text={JSON.stringify(body[1].example, null, 2)} /> : null}
          {okExample !== undefined ? <Code label={`Example response (${ok![0]})`} text={JSON.stringify(okExample, null, 2)} /> : null}
        </div>
      </div>
      <TryIt id={id} method={method} path={path} auth={auth} json={body?.[0] === 'application/json' || !body} exampleBody={body ? JSON.stringify(body[1].example ?? {}, null, 2) : undefined} />
    </section>
  );
}
