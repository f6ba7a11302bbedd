import type { Metadata } from 'next';
import { Credentials } from '@/components/docs/Credentials';
import { DocsNav, type NavGroup } from '@/components/docs/DocsNav';
import { Markdown } from '@/components/docs/Markdown';
import { OperationView, type OperationDoc } from '@/components/docs/OperationView';
import type { Components } from '@/components/docs/SchemaView';
import { getConfig } from '@/lib/platform/config';
import { ERROR_CODES } from '@/lib/platform/http';
import { GUIDES, openApiDocument } from '@/lib/api/openapi';

export const metadata: Metadata = { title: 'Developer portal' };
export const dynamic = 'force-dynamic';

const BASES = [
  { base: 'services', doc: '/services/api/v1/openapi.json' },
  { base: 'onboarding', doc: '/onboarding/api/v1/openapi.json' },
  { base: 'import', doc: '/import/openapi.json' },
] as const;

type Doc = { info: { title: string; description?: string }; paths?: Record<string, Record<string, OperationDoc>>; components?: { schemas?: Components } };
type Op = { id: string; method: string; path: string; op: OperationDoc; tag: string };

/** Operations of one base grouped by their first tag, in document order. */
function byTag(base: string, document: Doc): Map<string, Op[]> {
  const tags = new Map<string, Op[]>();
  for (const [path, ops] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      tags.set(tag, [...(tags.get(tag) ?? []), { id: `${base}-${op.operationId}`, method, path, op, tag }]);
    }
  }
  return tags;
}

export default function DocsPage() {
  const url = getConfig().publicUrl;
  const bases = BASES.map(({ base, doc }) => {
    const document = openApiDocument(base, url) as unknown as Doc;
    return { base, doc, document, tags: byTag(base, document) };
  });
  const groups: NavGroup[] = [
    { title: 'Guides', items: [...GUIDES.map((g) => ({ href: `/docs/guides/${g.slug}`, label: g.title })), { href: '#errors', label: 'Error codes' }] },
    ...bases.flatMap(({ document, tags }) =>
      [...tags].map(([tag, ops]) => ({ title: `${document.info.title.replace(/^Atesta /, '')} · ${tag}`, items: ops.map((o) => ({ href: `#${o.id}`, label: o.op.summary ?? o.path, method: o.method, path: o.path })) })),
    ),
  ];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[18rem_1fr]">
      <aside className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
        <a href="/" className="mb-3 block text-xl font-semibold text-teal-800">
          Atesta developers
        </a>
        <DocsNav groups={groups} />
      </aside>
      <main>
        <h1 className="mb-2 text-3xl font-bold">Developer portal</h1>
        <p className="mb-4 text-slate-700">
          Every operation of the three base URLs, generated from the same zod schemas that validate requests, with examples, curl and Node samples and a
          try-it that calls this server with your credentials. Start with the <a className="text-teal-800 underline" href="/docs/guides/quick-start">quick start</a>.
          Servers: <code>{url}</code>.
        </p>
        <Credentials />
        {bases.map(({ base, doc, document, tags }) => (
          <div key={base} className="mb-10">
            <h2 className="mb-1 text-2xl font-semibold">{document.info.title}</h2>
            <p className="mb-1 text-sm text-slate-700">{document.info.description?.split('\n')[0]}</p>
            <a className="mb-4 inline-block text-sm text-teal-800 underline" href={doc}>
              OpenAPI 3.1: {doc}
            </a>
            {[...tags].map(([tag, ops]) => (
              <div key={tag}>
                <h3 className="mt-4 mb-2 text-lg font-semibold text-slate-800">{tag}</h3>
                {ops.map((o) => (
                  <OperationView key={o.id} id={o.id} method={o.method} path={o.path} op={o.op} components={document.components?.schemas ?? {}} serverUrl={url} />
                ))}
              </div>
            ))}
          </div>
        ))}
        <h2 id="errors" className="mb-2 text-2xl font-semibold">
          Errors
        </h2>
        <p className="mb-2 text-slate-700">
          Every failure is <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable{' '}
          <code>code</code>, the <code>requestId</code> (also the <code>x-request-id</code> header) and, for validation, <code>errors[]</code> with a JSON Pointer and a
          message. See the <a className="text-teal-800 underline" href="/docs/guides/errors">errors guide</a>.
        </p>
        <table className="w-full text-left text-sm">
          <tbody>
            {Object.entries(ERROR_CODES).map(([code, text]) => (
              <tr key={code} className="border-t border-slate-200">
                <td className="py-1 pr-4 font-mono">{code}</td>
                <td className="py-1">
                  <Markdown inline text={text} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </div>
  );
}
