import { call } from '..';
import { PROBLEM_CONTENT_TYPE } from '../../platform/http/problem';
import type { HostileCase } from './case';
import type { RouteUnderTest } from './routes';

export interface Outcome {
  status: number;
  ms: number;
  contentType: string | null;
  text: string;
  data: Record<string, any> | undefined;
}

export async function send(route: RouteUnderTest, c: HostileCase): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await call(route.handler, c.url, { method: c.method, headers: c.headers, params: c.params, body: c.payload.build() });
    return { status: res.status, ms: performance.now() - started, contentType: res.headers.get('content-type'), text: res.text, data: res.data };
  } catch (err) {
    // A handler that throws is a 500 from Next.js.
    return { status: 500, ms: performance.now() - started, contentType: null, text: `handler threw: ${(err as Error)?.stack ?? String(err)}`, data: undefined };
  }
}

/** The answer's text without what the request itself put there (an id quoted in "No onboarding <id>" is not a leak). */
function withoutEcho(o: Outcome, sent: string[]): string {
  const echoes = sent.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string') return echoes.reduce((t, e) => t.split(e).join('<sent>'), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    return v;
  };
  return o.data === undefined ? o.text : JSON.stringify(scrub(o.data));
}

/** What must never reach a client: stack frames, source paths, SQL or driver text. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at \S+ \(|at (async )?[\w.<>]+ \(\/|\bat node:/],
  ['source path', /\/(work|home|usr|tmp)\/[\w./-]+|node_modules|\.tsx?:\d+/],
  ['SQL text', /\b(select .+ from|insert into|update .+ set|delete from)\b|syntax error at or near|violates (unique|foreign key|not-null|check) constraint|invalid byte sequence for encoding|invalid input syntax for type/i],
  ['internal error name', /\b(TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** Everything wrong with one answer; empty when it is acceptable. */
export function problemsOf(o: Outcome, boundMs: number, sent: string[] = []): string[] {
  const out: string[] = [];
  if (o.status >= 500) out.push(`status ${o.status}${o.data?.code ? ` ${o.data.code}` : ''}`);
  if (o.status >= 400) {
    if (o.contentType !== PROBLEM_CONTENT_TYPE) out.push(`content-type ${o.contentType} on ${o.status}`);
    if (typeof o.data?.code !== 'string') out.push('no string code in the problem');
    else if (o.data.status !== o.status) out.push(`problem status ${o.data.status} differs from ${o.status}`);
  }
  // A 2xx may echo what was sent (a key name, a reason): only error bodies are searched for leaks.
  if (o.status >= 400) {
    const text = withoutEcho(o, sent);
    for (const [what, re] of LEAKS) if (re.test(text)) out.push(`${what} in the body: ${text.slice(0, 300)}`);
  }
  if (o.ms > boundMs) out.push(`took ${Math.round(o.ms)} ms (bound ${boundMs} ms)`);
  return out;
}
