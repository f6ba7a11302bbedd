import { brandingFor } from '../settings';
import { anonymousView, sessionProcess, viewOf, type FlowView } from './flow';

export interface PageModel {
  view: FlowView;
  branding?: { name: string; primaryColor: string | null; supportText: string | null; logoUrl: string | null };
}

/** What the hosted page renders: the stage for this browser and the integrator's branding. */
export async function stepPageModel(requestId: string, token: string | undefined): Promise<PageModel> {
  const process = await sessionProcess(requestId, token).catch(() => undefined);
  const { view, integratorId } = process ? { view: await viewOf(process), integratorId: process.integratorId } : await anonymousView(requestId);
  if (!integratorId) return { view };
  const b = await brandingFor(integratorId);
  return {
    view,
    branding: { name: b.name, primaryColor: b.primaryColor, supportText: b.supportText, logoUrl: b.hasLogo ? `/branding/${integratorId}/logo` : null },
  };
}
