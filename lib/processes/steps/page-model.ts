import { brandingFor, logoPath, type PageCopyByLocale } from '../../platform/settings';

/** The branding a hosted page (and the console's preview) is drawn with. */
export interface ShellBrandingData {
  name: string;
  primaryColor: string | null;
  supportText: string | null;
  logoUrl: string | null;
  copy: PageCopyByLocale;
  privacyUrl: string | null;
  termsUrl: string | null;
  hideCredit: boolean;
}
import { anonymousView, completionTarget, sessionOf, viewOf, type FlowView } from './flow';

export interface PageModel {
  view: FlowView;
  /** No session of this browser for the process: what anyone with the id may see. */
  anonymous: boolean;
  branding?: ShellBrandingData;
  /**
   * Finished without a success page: the appRedirect to send the person to at
   * once. The page redirects there itself rather than through /done, so a
   * client refresh never fetches a redirect chain that ends at another origin
   * (CSP connect-src 'self' forbids it).
   */
  leaveTo?: string;
}

/** On the phone a desktop handed over: no handoff offer of its own, and no trip to the app at the end (the desktop makes it). */
function handedOff(view: FlowView, viaHandoff: boolean): FlowView {
  if (!viaHandoff) return view;
  if (view.stage === 'document' || view.stage === 'selfie') return { ...view, canHandOff: false };
  if (view.stage === 'finished') return { stage: 'finished-elsewhere', status: view.status };
  return view;
}

/** What the hosted page renders: the stage for this browser and the integrator's branding. */
export async function stepPageModel(requestId: string, token: string | undefined): Promise<PageModel> {
  const session = await sessionOf(requestId, token).catch(() => undefined);
  const process = session?.process;
  const { view, integratorId } = process ? { view: handedOff(await viewOf(process), session.viaHandoff), integratorId: process.integratorId } : await anonymousView(requestId);
  if (!integratorId) return { view, anonymous: !process };
  const b = await brandingFor(integratorId);
  const leaveTo = process && view.stage === 'finished' && !view.showSuccessPage ? await completionTarget(process).catch(() => undefined) : undefined;
  return {
    view,
    anonymous: !process,
    ...(leaveTo ? { leaveTo } : {}),
    branding: { name: b.name, primaryColor: b.primaryColor, supportText: b.supportText, logoUrl: b.hasLogo ? await logoPath(integratorId) : null, copy: b.copy, privacyUrl: b.privacyUrl, termsUrl: b.termsUrl, hideCredit: b.hideCredit },
  };
}
