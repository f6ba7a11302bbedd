import Link from 'next/link';
import { PageShell } from '@/components/PageShell';

export default function HomePage() {
  return (
    <PageShell>
      <h1 className="mb-4 text-3xl font-bold">Atesta</h1>
      <p className="mb-6 max-w-2xl text-lg text-slate-700">
        Self-hostable identity verification for the Brazilian market: authentication, onboarding, document analysis,
        OCR of Brazilian IDs, face match, liveness and hosted verification steps.
      </p>
      <ul className="grid gap-4 sm:grid-cols-3">
        <li className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">Main API</h2>
          <p className="text-sm text-slate-600">Bearer token from <code>/services/api/v1/authentication</code>.</p>
          <a className="text-sm text-teal-700 underline" href="/services/api/v1/openapi.json">openapi.json</a>
        </li>
        <li className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">Onboarding steps API</h2>
          <p className="text-sm text-slate-600">Header <code>x-api-key</code>.</p>
          <a className="text-sm text-teal-700 underline" href="/onboarding/api/v1/openapi.json">openapi.json</a>
        </li>
        <li className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">Batch import API</h2>
          <p className="text-sm text-slate-600">OAuth 2.0 client credentials at <code>/oauth/token</code>.</p>
          <a className="text-sm text-teal-700 underline" href="/import/openapi.json">openapi.json</a>
        </li>
      </ul>
      <p className="mt-8 flex flex-wrap gap-3">
        <Link href="/docs" className="rounded bg-teal-700 px-4 py-2 text-white">
          Read the API reference
        </Link>
        <Link href="/docs/guides/quick-start" className="rounded border border-teal-700 px-4 py-2 text-teal-800">
          Quick start
        </Link>
        <Link href="/console" className="rounded border border-teal-700 px-4 py-2 text-teal-800">
          Open the console
        </Link>
      </p>
    </PageShell>
  );
}
