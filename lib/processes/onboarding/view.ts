import { eq } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../../platform/db';
import type { OcrResult } from '../../engines/documents';
import { specScoreResult, type ScoreResult } from '../../engines/fraud';

type Row = typeof schema.onboardings.$inferSelect;

/** What the pipeline and the request put in `basic_data` (tokens excluded: they are hashed elsewhere). */
export interface StoredBasicData {
  useTerms?: boolean | null;
  acceptedTermVersion?: number | null;
  firstName?: string | null;
  fullName?: string | null;
  cep?: string | null;
  city?: string | null;
  state?: string | null;
}

/** SPEC 2.2 basicData. The tokens themselves are never returned: `emailToken` and `smsToken` are always null. */
export interface BasicData extends Required<StoredBasicData> {
  email: string | null;
  emailToken: null;
  emailConfirmed: boolean;
  emailTokenExpiresAt: string | null;
  cellphone: number | null;
  smsToken: null;
  tokenConfirmed: boolean;
  smsTokenExpiresAt: string | null;
}

export interface Resolution {
  decision: 'approve' | 'reject';
  reason: string;
  by: string;
  at: string;
}

/** SPEC 2.2, plus resolution and createdAt/updatedAt (Atesta additions). */
export interface OnboardingRecord {
  onboardingId: string;
  cpf: string;
  customerId: string;
  status: Row['status'];
  statusReason: string | null;
  faceMatch: { similarity: number; match: boolean } | null;
  basicData: BasicData;
  scoreData: ScoreResult | null;
  ocrData: OcrResult | null;
  resolution: Resolution | null;
  createdAt: string;
  updatedAt: string;
}

export async function onboardingView(db: Executor, row: Row): Promise<OnboardingRecord> {
  const tokens = await db.select().from(schema.onboardingTokens).where(eq(schema.onboardingTokens.onboardingId, row.id));
  const email = tokens.find((t) => t.channel === 'email');
  const sms = tokens.find((t) => t.channel === 'sms');
  const b = row.basicData as StoredBasicData;
  return {
    onboardingId: row.id,
    cpf: row.cpf ?? '',
    customerId: row.customerId ?? '',
    status: row.status,
    statusReason: row.statusReason,
    faceMatch: (row.faceMatch as OnboardingRecord['faceMatch']) ?? null,
    basicData: {
      useTerms: b.useTerms ?? null,
      acceptedTermVersion: b.acceptedTermVersion ?? null,
      firstName: b.firstName ?? null,
      fullName: b.fullName ?? null,
      cep: b.cep ?? null,
      city: b.city ?? null,
      state: b.state ?? null,
      email: row.email,
      emailToken: null,
      emailConfirmed: Boolean(email?.confirmedAt),
      emailTokenExpiresAt: email?.expiresAt.toISOString() ?? null,
      cellphone: row.phone ? Number(row.phone) : null,
      smsToken: null,
      tokenConfirmed: Boolean(sms?.confirmedAt),
      smsTokenExpiresAt: sms?.expiresAt.toISOString() ?? null,
    },
    scoreData: specScoreResult(row.scoreData as ScoreResult | null),
    ocrData: (row.ocrData as OcrResult | null) ?? null,
    resolution: (row.resolution as Resolution | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
