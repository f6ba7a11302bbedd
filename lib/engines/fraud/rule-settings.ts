import { and, eq, inArray } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { unprocessable } from '../../platform/errors';
import { RULES } from './rules';
import type { RuleSetting, RuleSettings } from './score';

const t = schema.fraudRuleSettings;

/**
 * The settings in force for an analysis: the integrator's changes for every
 * analysis, overridden by those of the request's rulesGroup.
 */
export async function ruleSettingsFor(integratorId: string, rulesGroup?: string): Promise<RuleSettings> {
  const groups = await ruleSettingsByGroup(integratorId, rulesGroup ? ['', rulesGroup] : ['']);
  return layered(groups.get(''), rulesGroup ? groups.get(rulesGroup) : undefined);
}

/** The integrator's stored settings per rulesGroup ('' is the general one); all groups unless some are named. */
export async function ruleSettingsByGroup(integratorId: string, groups?: string[]): Promise<Map<string, Map<string, RuleSetting>>> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(t)
    .where(groups ? and(eq(t.integratorId, integratorId), inArray(t.rulesGroup, groups)) : eq(t.integratorId, integratorId));
  const out = new Map<string, Map<string, RuleSetting>>();
  for (const row of rows) {
    const group = out.get(row.rulesGroup) ?? new Map<string, RuleSetting>();
    group.set(row.ruleName, { weight: row.weight ?? undefined, enabled: row.enabled ?? undefined });
    out.set(row.rulesGroup, group);
  }
  return out;
}

/** The general settings with a group's on top, field by field. */
export function layered(general: RuleSettings = new Map(), group: RuleSettings = new Map()): RuleSettings {
  const out = new Map<string, RuleSetting>(general);
  for (const [name, s] of group) {
    const current = out.get(name) ?? {};
    out.set(name, { weight: s.weight ?? current.weight, enabled: s.enabled ?? current.enabled });
  }
  return out;
}

/** Sets (or, with both null, clears) a rule's weight and switch for every analysis or one rulesGroup. */
export async function setRule(integratorId: string, ruleName: string, rulesGroup: string, setting: { weight: number | null; enabled: boolean | null }): Promise<void> {
  if (!RULES.some((r) => r.name === ruleName)) throw unprocessable('unknown_rule', `There is no rule named ${ruleName}.`);
  const db = await getDb();
  const key = and(eq(t.integratorId, integratorId), eq(t.rulesGroup, rulesGroup), eq(t.ruleName, ruleName));
  if (setting.weight === null && setting.enabled === null) {
    await db.delete(t).where(key);
    return;
  }
  await db
    .insert(t)
    .values({ integratorId, rulesGroup, ruleName, weight: setting.weight, enabled: setting.enabled })
    .onConflictDoUpdate({ target: [t.integratorId, t.rulesGroup, t.ruleName], set: { weight: setting.weight, enabled: setting.enabled, updatedAt: new Date() } });
}

export interface RuleState {
  name: string;
  description: string;
  hardStop: boolean;
  defaultWeight: number;
  weight: number;
  enabled: boolean;
}

/** The catalogue as it applies to an integrator (and rulesGroup): each rule's weight and switch in force. */
export async function ruleCatalogue(integratorId: string, rulesGroup?: string): Promise<RuleState[]> {
  const settings = await ruleSettingsFor(integratorId, rulesGroup);
  return RULES.map((r) => {
    const s = settings.get(r.name);
    return { name: r.name, description: r.description, hardStop: r.hardStop, defaultWeight: r.weight, weight: s?.weight ?? r.weight, enabled: s?.enabled ?? r.enabledByDefault ?? true };
  });
}
