import { marked } from 'marked';

/**
 * Our own Markdown (contract descriptions, guides in docs/guides) as HTML:
 * backticks become code, links work. The text is ours, never a visitor's.
 */
export function Markdown({ text, inline = false, className }: { text: string; inline?: boolean; className?: string }) {
  const html = inline ? (marked.parseInline(text, { async: false }) as string) : (marked.parse(text, { async: false }) as string);
  return inline ? <span className={className} dangerouslySetInnerHTML={{ __html: html }} /> : <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
