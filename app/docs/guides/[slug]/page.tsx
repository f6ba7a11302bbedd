import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Markdown } from '@/components/docs/Markdown';
import { GUIDES, guideText } from '@/lib/api/openapi';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { slug } = await params;
  return { title: `${GUIDES.find((g) => g.slug === slug)?.title ?? 'Guide'} · Developer portal` };
}

export default async function GuidePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const text = guideText(slug);
  if (!text) notFound();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Guides" className="text-sm">
        <a href="/docs" className="mb-3 block font-semibold text-teal-800">
          ← Developer portal
        </a>
        <ul className="space-y-1">
          {GUIDES.map((g) => (
            <li key={g.slug}>
              <a href={`/docs/guides/${g.slug}`} aria-current={g.slug === slug ? 'page' : undefined} className={g.slug === slug ? 'font-semibold text-slate-900' : 'text-teal-800 hover:underline'}>
                {g.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Markdown text={text} className="docs-prose max-w-none" />
      </main>
    </div>
  );
}
