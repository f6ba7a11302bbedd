import type { Metadata } from 'next';
import { PageShell } from '@/components/PageShell';
import { OperationView, type OperationDoc } from '@/components/docs/OperationView';
import type { Components } from '@/components/docs/SchemaView';
import { getConfig } from '@/lib/config';
import { ERROR_CODES } from '@/lib/http';
import { openApiDocument } from '@/lib/openapi';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

const BASES = [
  { base: 'services', doc: '/services/api/v1/openapi.json' },
  { base: 'onboarding', doc: '/onboarding/api/v1/openapi.json' },
  { base: 'import', doc: '/import/openapi.json' },
] as const;

export default function DocsPage() {
  const url = getConfig().publicUrl;
  return (
    <PageShell>
      <h1 className="mb-2 text-3xl font-bold">API reference</h1>
      <p className="mb-6 text-slate-700">
        Generated from the same zod schemas that validate requests. Machine-readable OpenAPI 3.1 documents are linked
        under each heading.
      </p>
      {BASES.map(({ base, doc }) => {
        const document = openApiDocument(base, url) as unknown as {
          info: { title: string; description?: string };
          paths?: Record<string, Record<string, OperationDoc>>;
          components?: { schemas?: Components };
        };
        const components = document.components?.schemas ?? {};
        return (
          <div key={base} className="mb-10">
            <h2 className="mb-1 text-2xl font-semibold">{document.info.title}</h2>
            <a className="mb-4 inline-block text-sm text-teal-700 underline" href={doc}>
              {doc}
            </a>
            {Object.entries(document.paths ?? {}).flatMap(([path, ops]) =>
              Object.entries(ops).map(([method, op]) => (
                <OperationView key={`${method} ${path}`} method={method} path={path} op={op} components={components} />
              )),
            )}
          </div>
        );
      })}
      <h2 id="errors" className="mb-2 text-2xl font-semibold">Errors</h2>
      <p className="mb-2 text-slate-700">
        Every failure is <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>,{' '}
        <code>status</code>, <code>detail</code>, a stable <code>code</code>, the <code>requestId</code> (also the{' '}
        <code>x-request-id</code> header) and, for validation, <code>errors[]</code> with a JSON Pointer and a message.
      </p>
      <table className="w-full text-left text-sm">
        <tbody>
          {Object.entries(ERROR_CODES).map(([code, text]) => (
            <tr key={code} className="border-t border-slate-200">
              <td className="py-1 pr-4 font-mono">{code}</td>
              <td className="py-1">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PageShell>
  );
}
