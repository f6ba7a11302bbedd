import fs from 'node:fs';
import path from 'node:path';

/** The guides of the developer portal: Markdown files in docs/guides, one page each. */
export const GUIDES = [
  { slug: 'quick-start', title: 'Quick start' },
  { slug: 'webhooks', title: 'Webhooks' },
  { slug: 'app-redirect', title: 'appRedirect signatures' },
  { slug: 'errors', title: 'Errors' },
  { slug: 'idempotency', title: 'Idempotency' },
  { slug: 'limits', title: 'Limits' },
] as const;

export function guideText(slug: string): string | undefined {
  if (!GUIDES.some((g) => g.slug === slug)) return undefined;
  // Links between guides point at the .md files (readable on GitHub); the portal serves them as pages.
  return fs.readFileSync(path.join(process.cwd(), 'docs', 'guides', `${slug}.md`), 'utf8').replace(/\]\(([\w-]+)\.md\)/g, '](/docs/guides/$1)');
}
