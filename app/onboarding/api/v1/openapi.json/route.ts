import { getConfig } from '@/lib/config';
import { openApiDocument } from '@/lib/openapi';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json(openApiDocument('onboarding', getConfig().publicUrl));
}
