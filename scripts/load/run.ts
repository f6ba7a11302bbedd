/**
 * `npm run test:load`: Atesta as in production (PostgreSQL, a web process, a
 * worker process) under open-loop mixed traffic on loopback.
 *
 *   1. 60 s at the sustainable rate (LOAD_RATE, requests/s): zero errors, p99 reported;
 *   2. 60 s at twice that rate: only 2xx, 429 and 503 answers (load shed), no crash;
 *   3. 30 s back at the sustainable rate: errors gone after a short settling time;
 *   4. every onboarding answered 201 reaches a final status, each exactly once.
 *
 * Writes bench/load-report.md and bench/load-report.json; exits non-zero when a check fails.
 * `--find` instead raises the rate step by step and reports the highest one held.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/platform/db';
import { facesDir, startStack, type Stack } from '@/lib/testing';
import { validCnhFront } from '@/scripts/synth/fraud';
import { prng, summarize, type Summary } from './stats';
import { drawEndpoint, ENDPOINTS, loginTenant, type Ctx, type Outcome, type Tenant } from './traffic';

/** Held on the 2-core machine here (`--find`), with the web, the worker, PostgreSQL and the load generator on the same cores. */
const RATE = Number(process.env.LOAD_RATE ?? 12);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Onboardings waiting at the end of a phase beyond which the workers are not keeping up. */
const BACKLOG_HELD = 8;
/**
 * The cap the server is given (ONBOARDING_MAX_BACKLOG): what one 2-core worker analyses in about a
 * minute (~0.2 onboarding/s with a selfie while it shares the cores with the web process) — the
 * longest wait we accept before saying 503 instead.
 */
const BACKLOG_CAP = process.env.LOAD_ONBOARDING_BACKLOG ?? '12';
const FINAL = ['DONE', 'REJECTED', 'BLACKLISTED', 'ERROR', 'ANALYSIS', 'RESOLVED', 'CANCELED'];

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.ATESTA_MASTER_KEY ||= Buffer.alloc(32, 9).toString('base64');
process.env.LOG_LEVEL = 'silent';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));

/** Sends `rate` requests a second for `seconds`, whatever the answers take (open loop: a slow server does not slow the clients). */
async function phase(ctx: Ctx, tenants: Tenant[], rate: number, seconds: number): Promise<Outcome[]> {
  const outcomes: Promise<Outcome>[] = [];
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const t = tenants[sent % tenants.length]!;
      outcomes.push(drawEndpoint(ctx.random).run(t, ctx));
    }
    await sleep(5);
  }
  return Promise.all(outcomes);
}

interface PhaseReport {
  name: string;
  rate: number;
  seconds: number;
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  latency: Summary;
  byEndpoint: Record<string, Summary & { statuses: Record<string, number> }>;
  /** Onboardings accepted and not yet analysed when the phase ended. */
  backlog?: number;
}

const isError = (o: Outcome) => o.status === 0 || o.status >= 400;
/** Under overload only these answers are allowed: served, or refused with a retry time. */
const isShed = (o: Outcome) => o.status === 429 || (o.status === 503 && o.code === 'overloaded');

function report(name: string, rate: number, seconds: number, outcomes: Outcome[]): PhaseReport {
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status || 'no answer'] = (statuses[o.status || 'no answer'] ?? 0) + 1;
  const byEndpoint: PhaseReport['byEndpoint'] = {};
  for (const e of ENDPOINTS) {
    const mine = outcomes.filter((o) => o.endpoint === e.name);
    if (!mine.length) continue;
    const st: Record<string, number> = {};
    for (const o of mine) st[o.status || 'no answer'] = (st[o.status || 'no answer'] ?? 0) + 1;
    byEndpoint[e.name] = { ...summarize(mine.filter((o) => o.status > 0 && o.status < 400).map((o) => o.ms)), statuses: st };
  }
  return { name, rate, seconds, sent: outcomes.length, statuses, errors: outcomes.filter(isError).length, latency: summarize(outcomes.filter((o) => !isError(o)).map((o) => o.ms)), byEndpoint };
}

function print(r: PhaseReport) {
  console.log(`\n${r.name}: ${r.rate} req/s for ${r.seconds} s, ${r.sent} sent; statuses ${JSON.stringify(r.statuses)}; served p50 ${r.latency.p50} ms, p95 ${r.latency.p95} ms, p99 ${r.latency.p99} ms; onboardings waiting ${r.backlog ?? '?'}`);
  for (const [e, s] of Object.entries(r.byEndpoint)) console.log(`  ${e.padEnd(24)} n=${String(s.count).padStart(5)} p50 ${s.p50} p99 ${s.p99} ms ${JSON.stringify(s.statuses)}`);
}

/** Heavy endpoints (a face match, an upload) may take seconds; the cheap ones must stay fast. */
const HEAVY = new Set(['face match (4.7)', 'onboarding (4.2)']);

/** Held: no errors, cheap endpoints p99 <= 1 s, heavy ones p99 <= 5 s, and the workers keep up with the onboardings. */
function held(r: PhaseReport): string[] {
  const why: string[] = [];
  if (r.errors) why.push(`${r.errors} errors`);
  for (const [e, s] of Object.entries(r.byEndpoint)) if (s.p99 > (HEAVY.has(e) ? 5000 : 1000)) why.push(`${e} p99 ${s.p99} ms`);
  if ((r.backlog ?? 0) > BACKLOG_HELD) why.push(`${r.backlog} onboardings waiting`);
  return why;
}

async function backlogOf(ctx: Ctx): Promise<number> {
  const ids = [...ctx.accepted.keys()];
  if (!ids.length) return 0;
  const db = await getDb();
  const rows = await db.select({ status: schema.onboardings.status }).from(schema.onboardings).where(inArray(schema.onboardings.id, ids));
  return rows.filter((r) => r.status === 'STARTED' || r.status === 'PROCESSING').length;
}

async function measured(name: string, ctx: Ctx, tenants: Tenant[], rate: number, seconds: number): Promise<PhaseReport> {
  const r = report(name, rate, seconds, await phase(ctx, tenants, rate, seconds));
  r.backlog = await backlogOf(ctx);
  print(r);
  return r;
}

async function setup(): Promise<{ stack: Stack; ctx: Ctx; tenants: Tenant[] }> {
  console.log('Starting PostgreSQL database, web and worker processes…');
  const stack = await startStack({
    backend: 'postgres',
    tenants: 4,
    env: { TRUST_PROXY: 'true', ACCESS_TOKEN_TTL_SECONDS: '3600', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ONBOARDING_MAX_BACKLOG: BACKLOG_CAP },
  });
  const faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
  const doc = await validCnhFront(faces);
  const ctx: Ctx = { url: stack.url, fx: { document: doc.image, cpf: doc.cpf, selfie: faces.ownerSelfie, faceA: faces.owner, faceB: faces.ownerSelfie }, random: prng(42), accepted: new Map() };
  const tenants = await Promise.all(stack.tenants.map((t) => loginTenant(stack.url, t)));
  // Something to read from the first second, and the face models loaded, as on a server that has been up a while.
  for (const t of tenants) {
    for (const name of ['step start (4.13)', 'onboarding (4.2)']) {
      const o = await ENDPOINTS.find((e) => e.name === name)!.run(t, ctx);
      if (o.status >= 300 || o.status === 0) throw new Error(`${name} failed while setting up: ${o.status} ${o.code ?? ''}`);
    }
  }
  await ENDPOINTS.find((e) => e.name === 'face match (4.7)')!.run(tenants[0]!, ctx);
  return { stack, ctx, tenants };
}

/** Waits until every accepted onboarding is final; checks each was analysed exactly once. */
async function drain(ctx: Ctx, timeoutMs: number) {
  const ids = [...ctx.accepted.keys()];
  const db = await getDb();
  const t = schema.onboardings;
  const started = Date.now();
  let rows: { id: string; status: string; attempts: number }[] = [];
  for (;;) {
    rows = ids.length ? await db.select({ id: t.id, status: t.status, attempts: t.attempts }).from(t).where(inArray(t.id, ids)) : [];
    const open = rows.filter((r) => !FINAL.includes(r.status)).length;
    if (open === 0 || Date.now() - started > timeoutMs) break;
    process.stdout.write(`\r  ${open} of ${ids.length} onboardings still being analysed…   `);
    await sleep(2000);
  }
  const completed = ids.length
    ? await db.execute<{ subject_id: string; n: number }>(sql`select subject_id, count(*)::int as n from webhook_events where type = 'onboarding.completed' and subject_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) group by subject_id`)
    : { rows: [] };
  const events = new Map(completed.rows.map((r) => [r.subject_id, Number(r.n)]));
  const statuses: Record<string, number> = {};
  for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  // Only onboardings with a callback get events; ours have none, so count the final history entries instead.
  const finals = ids.length
    ? await db.execute<{ onboarding_id: string; n: number }>(sql`select onboarding_id, count(*)::int as n from onboarding_history where onboarding_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and to_status in ('DONE','REJECTED','BLACKLISTED','ERROR','ANALYSIS') group by onboarding_id`)
    : { rows: [] };
  const twice = finals.rows.filter((r) => Number(r.n) > 1).length;
  return { accepted: ids.length, found: rows.length, final: rows.filter((r) => FINAL.includes(r.status)).length, statuses, decidedTwice: twice, eventsTwice: [...events.values()].filter((n) => n > 1).length, seconds: Math.round((Date.now() - started) / 1000) };
}

async function main() {
  const { stack, ctx, tenants } = await setup();
  const failures: string[] = [];
  const alive = () => stack.web.child.exitCode === null && stack.worker.child.exitCode === null;
  try {
    if (process.argv.includes('--find')) {
      let best = 0;
      for (let rate = Number(process.env.LOAD_FIND_FROM ?? 4); rate <= 400; rate = Math.ceil(rate * 1.25)) {
        const r = await measured(`find ${rate}`, ctx, tenants, rate, 30);
        const why = held(r);
        if (why.length) {
          console.log(`\nHighest rate held: ${best} req/s (at ${rate}: ${why.join(', ')}).`);
          break;
        }
        best = rate;
        // Let the workers catch up before the next step.
        while ((await backlogOf(ctx)) > 0) await sleep(1000);
      }
      return;
    }
    console.log('Warming up (10 s at half rate)…');
    await phase(ctx, tenants, RATE / 2, 10);
    const steady = await measured('Steady', ctx, tenants, RATE, SECONDS);
    const why = held(steady);
    if (why.length) failures.push(`steady phase not held: ${why.join(', ')}`);
    const over = await measured('Overload (2x)', ctx, tenants, RATE * 2, SECONDS);
    const bad = Object.entries(over.statuses).filter(([s]) => !(Number(s) < 400 || s === '429' || s === '503')).map(([s, n]) => `${s}: ${n}`);
    if (bad.length) failures.push(`overload phase: answers other than 2xx/429/503: ${bad.join(', ')}`);
    if (!alive()) failures.push('a process died under overload');
    // Recovery: the first 10 s let the queues of the overload drain; the rest must be clean.
    const recovery = await phase(ctx, tenants, RATE, 30);
    const settling = 10 * RATE;
    const after = report('Recovery (after 10 s)', RATE, 20, recovery.slice(settling));
    print(after);
    if (after.errors) failures.push(`recovery phase: ${after.errors} errors after settling`);
    console.log('\nWaiting for every accepted onboarding to be analysed…');
    const drained = await drain(ctx, 15 * 60_000);
    console.log(`\n  ${JSON.stringify(drained)}`);
    if (drained.found !== drained.accepted) failures.push(`${drained.accepted - drained.found} accepted onboardings are missing`);
    if (drained.final !== drained.accepted) failures.push(`${drained.accepted - drained.final} accepted onboardings did not finish`);
    if (drained.statuses.ERROR) failures.push(`${drained.statuses.ERROR} onboardings ended in ERROR`);
    if (drained.decidedTwice) failures.push(`${drained.decidedTwice} onboardings were decided twice`);
    const shed = over.sent - over.errors + Object.entries(over.statuses).filter(([s]) => s === '429' || s === '503').reduce((n, [, c]) => n + c, 0);
    const result = { date: new Date().toISOString(), rate: RATE, seconds: SECONDS, steady, overload: { ...over, shedOrServed: shed }, recovery: after, onboardings: drained, failures };
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync(path.join('bench', 'load-report.json'), JSON.stringify(result, null, 2));
    fs.writeFileSync(path.join('bench', 'load-report.md'), markdown(result));
    console.log(failures.length ? `\nLOAD TEST FAILED:\n- ${failures.join('\n- ')}` : '\nLoad test passed.');
  } finally {
    await stack.close();
  }
  process.exit(failures.length ? 1 : 0);
}

function markdown(r: { date: string; rate: number; steady: PhaseReport; overload: PhaseReport; recovery: PhaseReport; onboardings: Awaited<ReturnType<typeof drain>>; failures: string[] }): string {
  const table = (p: PhaseReport) => [
    `**${p.name}** — ${p.rate} req/s for ${p.seconds} s, ${p.sent} requests; answers ${Object.entries(p.statuses).map(([s, n]) => `${s}: ${n}`).join(', ')}; served p50 ${p.latency.p50} ms, p95 ${p.latency.p95} ms, **p99 ${p.latency.p99} ms**.`,
    '',
    '| endpoint | n | p50 ms | p99 ms | answers |',
    '|---|---|---|---|---|',
    ...Object.entries(p.byEndpoint).map(([e, s]) => `| ${e} | ${Object.values(s.statuses).reduce((a, b) => a + b, 0)} | ${s.p50} | ${s.p99} | ${Object.entries(s.statuses).map(([k, n]) => `${k}: ${n}`).join(', ')} |`),
    '',
  ];
  return [
    '# Atesta load test',
    '',
    `${r.date} · PostgreSQL, one web process, one worker process, loopback · \`npm run test:load\``,
    '',
    ...table(r.steady),
    ...table(r.overload),
    ...table(r.recovery),
    `**Onboardings** accepted: ${r.onboardings.accepted}; final: ${r.onboardings.final} (${Object.entries(r.onboardings.statuses).map(([s, n]) => `${s} ${n}`).join(', ')}), decided twice: ${r.onboardings.decidedTwice}; drained ${r.onboardings.seconds} s after the traffic stopped.`,
    '',
    r.failures.length ? `Failed: ${r.failures.join('; ')}` : 'All checks passed.',
    '',
  ].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
