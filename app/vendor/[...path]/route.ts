import { vendorFile } from '@/lib/http';

/** Browser code and models from npm packages, from our own origin (lib/http/vendor.ts). */
export async function GET(_req: Request, ctx: { params: Promise<{ path: string[] }> }) {
  return vendorFile((await ctx.params).path.join('/'));
}
