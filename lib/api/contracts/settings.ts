import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

/** An app origin as integrators give it: https (http only on localhost), no path. */
export const appOriginSchema = z
  .url()
  .refine((v) => {
    // Refinements run even when z.url() has already refused the value.
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    return (u.protocol === 'https:' || u.hostname === 'localhost' || u.hostname === '127.0.0.1') && (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash;
  }, 'must be an https origin such as https://app.example.com (no path)')
  .transform((v) => new URL(v).origin);

/** Texts of the intro and final pages an integrator may replace (plain text, no markup). */
export const pageCopySchema = z
  .object({
    introTitle: z.string().trim().min(1).max(80).optional(),
    introText: z.string().trim().min(1).max(400).optional(),
    successTitle: z.string().trim().min(1).max(80).optional(),
    successText: z.string().trim().min(1).max(400).optional(),
  })
  .strict()
  .meta({ id: 'PageCopy' });

/** A link shown to the person: https only. */
const httpsLink = z
  .url({ protocol: /^https$/ })
  .max(500)
  .meta({ description: 'https URL', example: 'https://www.example.com/privacidade' });

export const settingsSchema = z
  .object({
    appOrigin: z.string().nullable().meta({ description: 'Origin that appRedirect paths are resolved against.' }),
    stepLifetimeSeconds: z.number().int().meta({ description: 'Lifetime of new step processes (default 86400).' }),
    faceMatchThreshold: z.number().nullable().meta({ description: 'Similarity (0-100) at or above which two faces match; null = calibrated default (50, FMR <= 0.1 % on the calibration set).' }),
    livenessThreshold: z.number().nullable().meta({ description: 'Attack score (0-1) above which passive liveness rejects; null = calibrated default.' }),
    onboarding: z
      .object({
        approveScore: z.number().int().meta({ description: 'Score at or above which an onboarding without a hard stop is DONE (default ONBOARDING_APPROVE_SCORE, 80).' }),
        rejectScore: z.number().int().meta({ description: 'Score under which it is REJECTED; in between it goes to manual review, ANALYSIS (default ONBOARDING_REJECT_SCORE, 50).' }),
        confirmContacts: z.enum(['none', 'given']).meta({ description: '`given`: the e-mail and phone sent at enrolment must be confirmed (status PENDING) before processing starts.' }),
        retentionDays: z.number().int().meta({ description: 'Days after the final status before pictures and face templates are purged (default ONBOARDING_RETENTION_DAYS, 90).' }),
      })
      .meta({ description: 'Onboarding decision thresholds, contact confirmation and retention.' }),
    branding: z.object({
      displayName: z.string().nullable(),
      primaryColor: z.string().nullable(),
      supportText: z.string().nullable(),
      hasLogo: z.boolean(),
      copy: z.record(z.enum(['pt-BR', 'en']), pageCopySchema).meta({ description: 'Per language, texts that replace the intro and final pages\' own.' }),
      privacyUrl: z.string().nullable(),
      termsUrl: z.string().nullable(),
      smsSender: z.string().nullable().meta({ description: 'Name SMS and e-mail codes are sent under; null: the display name.' }),
      hideCredit: z.boolean().meta({ description: 'Whether the footer hides "Verificação por Atesta".' }),
    }),
  })
  .meta({ id: 'IntegratorSettings' });

export const settingsUpdateSchema = z
  .object({
    appOrigin: appOriginSchema.nullable().optional(),
    stepLifetimeSeconds: z.number().int().min(300).max(30 * 86400).nullable().optional(),
    faceMatchThreshold: z.number().min(1).max(99).nullable().optional(),
    livenessThreshold: z.number().gt(0).lt(1).nullable().optional(),
    onboarding: z
      .object({
        approveScore: z.number().int().min(0).max(100).nullable().optional(),
        rejectScore: z.number().int().min(0).max(100).nullable().optional(),
        confirmContacts: z.enum(['none', 'given']).nullable().optional(),
        retentionDays: z.number().int().min(1).max(3650).nullable().optional(),
      })
      .optional(),
    branding: z
      .object({
        displayName: z.string().trim().min(1).max(80).nullable().optional(),
        primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour').nullable().optional(),
        supportText: z.string().trim().max(280).nullable().optional(),
        logo: z.string().max(300_000).nullable().optional().meta({ description: 'PNG or JPEG data URL, at most 200 KB; null removes it.' }),
        copy: z.partialRecord(z.enum(['pt-BR', 'en']), pageCopySchema).nullable().optional().meta({ description: 'Replaces all text overrides; null removes them.' }),
        privacyUrl: httpsLink.nullable().optional(),
        termsUrl: httpsLink.nullable().optional(),
        smsSender: z.string().trim().min(2).max(30).regex(/^[\p{L}\p{N} .&'-]+$/u, 'letters, digits, spaces and . & \' - only').nullable().optional().meta({ example: 'Banco Verde' }),
        hideCredit: z.boolean().nullable().optional(),
      })
      .optional(),
  })
  .meta({ id: 'IntegratorSettingsUpdate', description: 'Partial: absent fields stay as they are, null resets them.' });

export const getSettingsContract = defineContract({
  method: 'GET',
  path: '/services/api/v1/settings',
  bases: ['services'],
  operationId: 'getSettings',
  summary: 'Hosted-page settings: app origin, process lifetime, branding',
  tags: ['Settings'],
  auth: 'bearer',
  scope: 'services',
  responses: { 200: { description: 'Settings', schema: settingsSchema } },
});

export const updateSettingsContract = defineContract({
  usersOnly: true,
  method: 'PUT',
  path: '/services/api/v1/settings',
  bases: ['services'],
  operationId: 'updateSettings',
  summary: 'Change hosted-page settings and branding (admin role)',
  description: 'Branding (name, logo, primary colour, support text) applies to every hosted page of the integrator.',
  tags: ['Settings'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: settingsUpdateSchema },
  responses: { 200: { description: 'Settings after the change', schema: settingsSchema } },
});
