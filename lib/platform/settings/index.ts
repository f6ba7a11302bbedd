import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../config';
import { getDb, schema, type Executor } from '../db';
import { unprocessable } from '../errors';

/** Texts an integrator puts in place of the intro and final pages' own, per language. */
export interface PageCopy {
  introTitle?: string;
  introText?: string;
  successTitle?: string;
  successText?: string;
}
export type PageCopyByLocale = Partial<Record<'pt-BR' | 'en', PageCopy>>;

export interface Branding {
  displayName: string | null;
  primaryColor: string | null;
  supportText: string | null;
  hasLogo: boolean;
  copy: PageCopyByLocale;
  privacyUrl: string | null;
  termsUrl: string | null;
  smsSender: string | null;
  hideCredit: boolean;
}

export interface IntegratorSettings {
  appOrigin: string | null;
  stepLifetimeSeconds: number;
  /** Null: the calibrated defaults (docs/face.md). */
  faceMatchThreshold: number | null;
  livenessThreshold: number | null;
  onboarding: OnboardingSettings;
  branding: Branding;
}

export interface OnboardingSettings {
  approveScore: number;
  rejectScore: number;
  confirmContacts: 'none' | 'given';
  retentionDays: number;
}

export const DEFAULT_STEP_LIFETIME_SECONDS = 24 * 3600;
export const MAX_LOGO_BYTES = 200 * 1024;

export interface SettingsUpdate {
  appOrigin?: string | null;
  stepLifetimeSeconds?: number | null;
  faceMatchThreshold?: number | null;
  livenessThreshold?: number | null;
  onboarding?: { approveScore?: number | null; rejectScore?: number | null; confirmContacts?: 'none' | 'given' | null; retentionDays?: number | null };
  branding?: {
    displayName?: string | null;
    primaryColor?: string | null;
    supportText?: string | null;
    logo?: string | null;
    copy?: PageCopyByLocale | null;
    privacyUrl?: string | null;
    termsUrl?: string | null;
    smsSender?: string | null;
    hideCredit?: boolean | null;
  };
}

/** The integrator's settings, read outside any transaction (routes, pages, engines). */
export async function readSettings(integratorId: string): Promise<IntegratorSettings> {
  return getSettings(await getDb(), integratorId);
}

export async function getSettings(db: Executor, integratorId: string): Promise<IntegratorSettings> {
  const [row] = await db.select().from(schema.integratorSettings).where(eq(schema.integratorSettings.integratorId, integratorId));
  const config = getConfig();
  return {
    appOrigin: row?.appOrigin ?? null,
    stepLifetimeSeconds: row?.stepLifetimeSeconds ?? DEFAULT_STEP_LIFETIME_SECONDS,
    faceMatchThreshold: row?.faceMatchThreshold ?? null,
    livenessThreshold: row?.livenessThreshold ?? null,
    onboarding: {
      approveScore: row?.onboardingApproveScore ?? config.ONBOARDING_APPROVE_SCORE,
      rejectScore: row?.onboardingRejectScore ?? config.ONBOARDING_REJECT_SCORE,
      confirmContacts: row?.onboardingConfirmContacts ?? 'none',
      retentionDays: row?.onboardingRetentionDays ?? config.ONBOARDING_RETENTION_DAYS,
    },
    branding: {
      displayName: row?.displayName ?? null,
      primaryColor: row?.primaryColor ?? null,
      supportText: row?.supportText ?? null,
      hasLogo: Boolean(row?.logoData),
      copy: (row?.pageCopy as PageCopyByLocale | null) ?? {},
      privacyUrl: row?.privacyUrl ?? null,
      termsUrl: row?.termsUrl ?? null,
      smsSender: row?.smsSender ?? null,
      hideCredit: row?.hideCredit ?? false,
    },
  };
}

/** Logos are PNG or JPEG only (SVG could carry script), recognised by their bytes. */
function parseLogo(dataUrl: string): { mime: string; data: string } {
  const m = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl.trim());
  if (!m) throw unprocessable('invalid_logo', 'The logo must be a PNG or JPEG data URL (data:image/png;base64,...).');
  const bytes = Buffer.from(m[2]!, 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw unprocessable('invalid_logo', 'The logo bytes are not a PNG or JPEG image.');
  if (bytes.length > MAX_LOGO_BYTES) throw unprocessable('invalid_logo', `The logo is larger than ${MAX_LOGO_BYTES / 1024} KB.`);
  return { mime: png ? 'image/png' : 'image/jpeg', data: bytes.toString('base64') };
}

/** Partial update: absent fields stay, null clears. */
export async function updateSettings(integratorId: string, update: SettingsUpdate): Promise<IntegratorSettings> {
  const values: Partial<typeof schema.integratorSettings.$inferInsert> = { updatedAt: new Date() };
  if (update.appOrigin !== undefined) values.appOrigin = update.appOrigin;
  if (update.stepLifetimeSeconds !== undefined) values.stepLifetimeSeconds = update.stepLifetimeSeconds;
  if (update.faceMatchThreshold !== undefined) values.faceMatchThreshold = update.faceMatchThreshold;
  if (update.livenessThreshold !== undefined) values.livenessThreshold = update.livenessThreshold;
  const o = update.onboarding;
  if (o?.approveScore !== undefined) values.onboardingApproveScore = o.approveScore;
  if (o?.rejectScore !== undefined) values.onboardingRejectScore = o.rejectScore;
  if (o?.confirmContacts !== undefined) values.onboardingConfirmContacts = o.confirmContacts;
  if (o?.retentionDays !== undefined) values.onboardingRetentionDays = o.retentionDays;
  if (o?.approveScore !== undefined || o?.rejectScore !== undefined) {
    const current = (await readSettings(integratorId)).onboarding;
    const approve = o.approveScore === undefined ? current.approveScore : (o.approveScore ?? getConfig().ONBOARDING_APPROVE_SCORE);
    const reject = o.rejectScore === undefined ? current.rejectScore : (o.rejectScore ?? getConfig().ONBOARDING_REJECT_SCORE);
    if (reject > approve) throw unprocessable('invalid_thresholds', `onboarding.rejectScore (${reject}) must not be above approveScore (${approve}).`);
  }
  const b = update.branding;
  if (b?.displayName !== undefined) values.displayName = b.displayName;
  if (b?.primaryColor !== undefined) values.primaryColor = b.primaryColor;
  if (b?.supportText !== undefined) values.supportText = b.supportText;
  if (b?.copy !== undefined) values.pageCopy = b.copy;
  if (b?.privacyUrl !== undefined) values.privacyUrl = b.privacyUrl;
  if (b?.termsUrl !== undefined) values.termsUrl = b.termsUrl;
  if (b?.smsSender !== undefined) values.smsSender = b.smsSender;
  if (b?.hideCredit !== undefined) values.hideCredit = b.hideCredit ?? false;
  if (b?.logo !== undefined) {
    const logo = b.logo === null ? null : parseLogo(b.logo);
    values.logoMime = logo?.mime ?? null;
    values.logoData = logo?.data ?? null;
  }
  const db = await getDb();
  await db
    .insert(schema.integratorSettings)
    .values({ integratorId, ...values })
    .onConflictDoUpdate({ target: schema.integratorSettings.integratorId, set: values });
  return readSettings(integratorId);
}

export async function getLogo(integratorId: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ mime: schema.integratorSettings.logoMime, data: schema.integratorSettings.logoData })
    .from(schema.integratorSettings)
    .where(eq(schema.integratorSettings.integratorId, integratorId));
  return row?.data && row.mime ? { mime: row.mime, bytes: Buffer.from(row.data, 'base64') } : undefined;
}

/**
 * Where the hosted pages load the logo from: versioned by the settings' last
 * change, since the logo response is cached for a few minutes.
 */
export async function logoPath(integratorId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ updatedAt: schema.integratorSettings.updatedAt, hasLogo: sql<boolean>`${schema.integratorSettings.logoData} is not null` })
    .from(schema.integratorSettings)
    .where(eq(schema.integratorSettings.integratorId, integratorId));
  return row?.hasLogo ? `/branding/${integratorId}/logo?v=${row.updatedAt.getTime()}` : null;
}

/** The name codes are sent under, as the pages name the integrator: the SMS sender name, else the display name, else the account name. */
export async function senderName(db: Executor, integratorId: string): Promise<string> {
  const b = (await getSettings(db, integratorId)).branding;
  return b.smsSender ?? b.displayName ?? (await accountName(db, integratorId)) ?? 'Atesta';
}

/** The integrator's account name. */
async function accountName(db: Executor, integratorId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: schema.integrators.name }).from(schema.integrators).where(eq(schema.integrators.id, integratorId));
  return row?.name;
}

/** Integrator's display name, falling back to its account name. */
export async function brandingFor(integratorId: string): Promise<Branding & { name: string }> {
  const db = await getDb();
  const settings = await getSettings(db, integratorId);
  return { ...settings.branding, name: settings.branding.displayName ?? (await accountName(db, integratorId)) ?? 'Atesta' };
}

/** The integrator's account name as a slug ("Banco Exemplo S.A." → "banco-exemplo-s-a"): the formalistic `companyAlias`. */
export async function integratorAlias(integratorId: string): Promise<string> {
  return ((await accountName(await getDb(), integratorId)) ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
