import Link from 'next/link';

/** Frame shared by the service's own pages (home, docs). */
export function PageShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="mb-8 flex items-center justify-between border-b border-slate-200 pb-4">
        <Link href="/" className="text-2xl font-semibold text-teal-700">
          Atesta
        </Link>
        <nav className="flex gap-4 text-sm">
          <Link href="/docs" className="hover:underline">
            API reference
          </Link>
          <a href="/readyz" className="hover:underline">
            Status
          </a>
        </nav>
      </header>
      <main>{children}</main>
    </div>
  );
}
