import { and, desc, eq } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { unprocessable } from '../../platform/errors';
import { layered, rescore, RULE_BY_NAME, ruleSettingsByGroup, type Penalty, type RuleSetting, type RuleSettings } from '../../engines/fraud';
import { readSettings } from '../../platform/settings';
import { decide } from './decision';

export const PREVIEW_SAMPLE = 100;

export type PreviewDecision = 'approved' | 'review' | 'rejected' | 'blacklisted';
const DECISIONS: PreviewDecision[] = ['approved', 'review', 'rejected', 'blacklisted'];
const DECISION_OF = { DONE: 'approved', ANALYSIS: 'review', REJECTED: 'rejected', BLACKLISTED: 'blacklisted' } as const;

export interface RuleChange {
  ruleName: string;
  weight?: number;
  enabled?: boolean;
}

export interface PreviewedAnalysis {
  batchId: number;
  createdAt: Date;
  scoreBefore: number;
  scoreAfter: number;
  decisionBefore: PreviewDecision;
  decisionAfter: PreviewDecision;
}

export interface RulePreview {
  rulesGroup: string;
  analysed: number;
  thresholds: { approveScore: number; rejectScore: number };
  /** Analyses whose decision changes. */
  changed: number;
  transitions: { from: PreviewDecision; to: PreviewDecision; count: number }[];
  decisions: { before: Record<PreviewDecision, number>; after: Record<PreviewDecision, number> };
  /** Ten buckets of ten points (the last one 90 to 100). */
  histogram: { before: number[]; after: number[] };
  median: { before: number | null; after: number | null };
  /** Rules the change switches on that were off: whether they would have fired is not stored, so they count for nothing here. */
  unknownEffect: string[];
  /** The analyses whose score or decision changes, newest first. */
  affected: PreviewedAnalysis[];
}


const bucket = (score: number) => Math.min(9, Math.floor(score / 10));
function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
const counts = () => Object.fromEntries(DECISIONS.map((d) => [d, 0])) as Record<PreviewDecision, number>;

/**
 * What a change of weights (or switches) for a rulesGroup would have done to
 * the integrator's last 100 analyses of that group (every analysis for the
 * general settings, except where a group overrides the rule): each stored
 * analysis's fired penalties are weighed under the settings in force and
 * under the proposed ones, and both scores go through the onboarding decision
 * with the integrator's thresholds.
 */
export async function previewRuleChange(integratorId: string, rulesGroup: string, changes: RuleChange[]): Promise<RulePreview> {
  for (const c of changes) if (!RULE_BY_NAME.has(c.ruleName)) throw unprocessable('unknown_rule', `There is no rule named ${c.ruleName}.`);
  const db = await getDb();
  const t = schema.fraudAnalyses;
  const [rows, stored, settings] = await Promise.all([
    db
      .select({ sequence: t.sequence, createdAt: t.createdAt, rulesGroup: t.rulesGroup, penalties: t.penalties })
      .from(t)
      .where(rulesGroup ? and(eq(t.integratorId, integratorId), eq(t.rulesGroup, rulesGroup)) : eq(t.integratorId, integratorId))
      .orderBy(desc(t.sequence))
      .limit(PREVIEW_SAMPLE),
    ruleSettingsByGroup(integratorId),
    readSettings(integratorId),
  ]);

  const proposedGroup = new Map<string, RuleSetting>(stored.get(rulesGroup));
  for (const c of changes) {
    const current = proposedGroup.get(c.ruleName) ?? {};
    proposedGroup.set(c.ruleName, { weight: c.weight ?? current.weight, enabled: c.enabled ?? current.enabled });
  }
  const proposed = new Map(stored).set(rulesGroup, proposedGroup);
  const inForce = (groups: Map<string, RuleSettings>, group: string) => layered(groups.get(''), group ? groups.get(group) : undefined);
  const nowEnabled = inForce(stored, rulesGroup);
  const unknownEffect = changes
    .filter((c) => c.enabled === true && !(nowEnabled.get(c.ruleName)?.enabled ?? RULE_BY_NAME.get(c.ruleName)!.enabledByDefault ?? true))
    .map((c) => c.ruleName);

  const policy = settings.onboarding;
  const decisionOf = (s: { score: number; hardStop: boolean; penalties: Penalty[] }) => DECISION_OF[decide(s, policy).status];
  const out: RulePreview = {
    rulesGroup,
    analysed: rows.length,
    thresholds: { approveScore: policy.approveScore, rejectScore: policy.rejectScore },
    changed: 0,
    transitions: [],
    decisions: { before: counts(), after: counts() },
    histogram: { before: Array(10).fill(0), after: Array(10).fill(0) },
    median: { before: null, after: null },
    unknownEffect,
    affected: [],
  };
  const transitions = new Map<string, number>();
  const scores = { before: [] as number[], after: [] as number[] };
  for (const row of rows) {
    const group = row.rulesGroup ?? '';
    const penalties = row.penalties as Penalty[];
    const before = rescore(penalties, inForce(stored, group));
    const after = rescore(penalties, inForce(proposed, group));
    const [from, to] = [decisionOf(before), decisionOf(after)];
    out.decisions.before[from]++;
    out.decisions.after[to]++;
    out.histogram.before[bucket(before.score)]! += 1;
    out.histogram.after[bucket(after.score)]! += 1;
    scores.before.push(before.score);
    scores.after.push(after.score);
    if (from !== to) transitions.set(`${from}>${to}`, (transitions.get(`${from}>${to}`) ?? 0) + 1);
    if (from !== to || before.score !== after.score) {
      out.affected.push({ batchId: row.sequence, createdAt: row.createdAt, scoreBefore: before.score, scoreAfter: after.score, decisionBefore: from, decisionAfter: to });
    }
  }
  out.transitions = [...transitions].map(([k, count]) => {
    const [from, to] = k.split('>') as [PreviewDecision, PreviewDecision];
    return { from, to, count };
  });
  out.changed = out.transitions.reduce((s, x) => s + x.count, 0);
  out.median = { before: median(scores.before), after: median(scores.after) };
  return out;
}
