import crypto from 'node:crypto';
import { createApiKey, tokenEndpoint } from '../../platform/auth';
import { createBatch, putWorkflow } from '../../processes/batch';
import { getDb } from '../../platform/db';
import { settingsUpdateSchema } from '../../api/contracts/settings';
import { denyCpf, RULE_NAMES } from '../../engines/fraud';
import { enrol } from '../../processes/onboarding';
import { updateSettings } from '../../platform/settings';
import { openProcess, startFromBody, STEP_COOKIE, type StepKind } from '../../processes/steps';
import { bearerHeaders, seedIntegrator, type SeededIntegrator } from '..';
import { emitWebhook } from '../../delivery/webhooks';

/** A hosted-page session: the cookie a browser holds for one process. */
export interface StepSession {
  requestId: string;
  kind: StepKind;
  cookie: string;
}

/** Two tenants with one of each resource; the suite calls as tenant A. */
export interface World {
  a: SeededIntegrator;
  b: SeededIntegrator;
  /** Authorization values of A: a console admin (scope services) and an OAuth client (scope import). */
  servicesToken: string;
  importToken: string;
  sessions: StepSession[];
  /** Real values for path parameters, by parameter name: A's own (expendable ones) and B's (must stay invisible to A). */
  ids: Record<string, { own: string[]; other: string[] }>;
}

const CPF = '52998224725';
const dataUrl = (bytes: Buffer, mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;

async function processes(integratorId: string, useIntroPage: boolean) {
  const common = { cpf: CPF, appRedirect: 'https://app.example.com/done', useIntroPage };
  const started = await Promise.all([
    startFromBody(integratorId, 'validation', 'bearer', { ...common, cellphone: '11987654321' }),
    startFromBody(integratorId, 'fraud', 'bearer', common),
    startFromBody(integratorId, 'liveness', 'bearer', common),
    startFromBody(integratorId, 'mfa', 'apiKey', { ...common, email: 'person@example.com' }),
  ]);
  return started.map((s, i) => ({ kind: (['validation', 'fraud', 'liveness', 'mfa'] as const)[i]!, requestId: s.requestId, secret: new URL(s.requestProcessUrl).pathname.split('/')[3]! }));
}

/** One of each resource an id in a path can name, for one tenant. */
async function resources(t: SeededIntegrator, jpeg: Buffer, png: Buffer) {
  const id = t.integratorId;
  const steps = await processes(id, true);
  const victimKey = await createApiKey(await getDb(), id, `victim-${crypto.randomBytes(3).toString('hex')}`);
  const onboarding = await enrol(id, { cpf: CPF, customerId: 'hostile-seed', imageFront: dataUrl(jpeg, 'image/jpeg') }, { actor: 'integrator' });
  const db = await getDb();
  const [eventId = ''] = await db.transaction((tx) => emitWebhook(tx, { integratorId: id, type: 'step.completed', url: 'https://hooks.example.com/atesta', subjectId: steps[0]!.requestId, data: { seeded: true } }));
  await putWorkflow(id, 'hostile-wf', { expectedTypes: [] });
  const batchBody = JSON.stringify({ workflowAlias: 'hostile-wf', batchExternalId: `seed-${id}`, docs: [{ fileName: 'a.jpg', fileResource: dataUrl(jpeg, 'image/jpeg') }] });
  const { batchId } = await createBatch(id, new Response(batchBody).body);
  await denyCpf(id, CPF, 'seeded');
  await updateSettings(id, settingsUpdateSchema.parse({ branding: { logo: dataUrl(png, 'image/png') } }));
  return {
    requestId: steps.map((s) => s.requestId),
    secret: steps.map((s) => s.secret),
    keyId: [victimKey.id],
    onboardingId: [onboarding.record.onboardingId],
    eventId: [eventId],
    batchId: [batchId],
    alias: ['hostile-wf'],
    cpf: [CPF],
    ruleName: [RULE_NAMES[0]!],
    integratorId: [id],
  };
}

export async function buildWorld(jpeg: Buffer, png: Buffer): Promise<World> {
  const a = await seedIntegrator();
  const b = await seedIntegrator();
  const servicesToken = (await bearerHeaders(a)).authorization!;
  const client = await tokenEndpoint({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret }, null);
  const own = await resources(a, jpeg, png);
  const other = await resources(b, jpeg, png);
  // Sessions on processes of their own, without intro page, so each page call reaches its step.
  const sessions: StepSession[] = [];
  for (const p of await processes(a.integratorId, false)) {
    const opened = await openProcess(p.requestId, p.secret, 'pt-BR');
    if (opened?.token) sessions.push({ requestId: p.requestId, kind: p.kind, cookie: `${STEP_COOKIE}=${opened.token}` });
  }
  const ids: World['ids'] = {};
  for (const name of Object.keys(own) as (keyof typeof own)[]) ids[name] = { own: own[name], other: other[name] };
  return { a, b, servicesToken, importToken: `Bearer ${client.access_token}`, sessions, ids };
}
