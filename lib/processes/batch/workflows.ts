import { and, asc, eq } from 'drizzle-orm';
import { seal } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { notFound, unprocessable } from '../../platform/errors';

export interface Checklist {
  checklistCode: string;
  checklistVersion: number;
  checklistGroup: string | null;
}

export interface Workflow {
  alias: string;
  description: string | null;
  expectedTypes: string[];
  checklist: Checklist | null;
  webhookUrl: string | null;
}

export interface WorkflowInput {
  description?: string | null;
  expectedTypes: string[];
  checklist?: { checklistCode: string; checklistVersion: number; checklistGroup?: string | null } | null;
  webhookUrl?: string | null;
  webhookBasicAuth?: string | null;
}

type Row = typeof schema.importWorkflows.$inferSelect;

/** Every integrator has it, so 4.19 works with nothing set up; a PUT of the same alias customises it. */
export const DEFAULT_WORKFLOW = 'default';
const BUILT_IN_DEFAULT: Workflow = {
  alias: DEFAULT_WORKFLOW,
  description: 'Built in: any recognised document; no webhook of its own (PUT this alias to change it).',
  expectedTypes: [],
  checklist: null,
  webhookUrl: null,
};
const t = schema.importWorkflows;

const view = (r: Row): Workflow => ({
  alias: r.alias,
  description: r.description,
  expectedTypes: r.expectedTypes as string[],
  checklist: (r.checklist as Checklist | null) ?? null,
  webhookUrl: r.webhookUrl,
});

export async function putWorkflow(integratorId: string, alias: string, input: WorkflowInput): Promise<Workflow> {
  const db = await getDb();
  const values = {
    description: input.description ?? null,
    expectedTypes: input.expectedTypes,
    checklist: input.checklist ? { checklistGroup: null, ...input.checklist } : null,
    webhookUrl: input.webhookUrl ?? null,
    webhookBasicAuthEnc: input.webhookBasicAuth ? seal(input.webhookBasicAuth) : null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(t)
    .values({ integratorId, alias, ...values })
    .onConflictDoUpdate({ target: [t.integratorId, t.alias], set: values })
    .returning();
  return view(row!);
}

export async function listWorkflows(integratorId: string): Promise<Workflow[]> {
  const db = await getDb();
  const stored = (await db.select().from(t).where(eq(t.integratorId, integratorId)).orderBy(asc(t.alias))).map(view);
  return stored.some((w) => w.alias === DEFAULT_WORKFLOW) ? stored : [BUILT_IN_DEFAULT, ...stored].sort((x, y) => x.alias.localeCompare(y.alias));
}

export async function deleteWorkflow(integratorId: string, alias: string): Promise<void> {
  const db = await getDb();
  const gone = await db.delete(t).where(and(eq(t.integratorId, integratorId), eq(t.alias, alias))).returning({ alias: t.alias });
  // Removing `default` puts the built-in one back; it never goes away.
  if (!gone.length && alias !== DEFAULT_WORKFLOW) throw notFound('not_found', `No workflow ${alias}.`);
}

/** An unknown alias is 422 `unknown_workflow`; `default` always exists. */
export async function checkWorkflow(integratorId: string, alias: string): Promise<void> {
  if (alias === DEFAULT_WORKFLOW) return;
  const db = await getDb();
  const [row] = await db.select({ alias: t.alias }).from(t).where(and(eq(t.integratorId, integratorId), eq(t.alias, alias)));
  if (!row) throw unprocessable('unknown_workflow', `No workflow "${alias}" is configured for this account (PUT /services/api/v1/import/workflows/{alias}).`, { errors: [{ pointer: '/workflowAlias', message: 'unknown workflow' }] });
}

export async function findWorkflowRow(db: Executor, integratorId: string, alias: string): Promise<Row | undefined> {
  const [row] = await db.select().from(t).where(and(eq(t.integratorId, integratorId), eq(t.alias, alias)));
  return row;
}
