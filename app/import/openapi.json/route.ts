import { getConfig } from '@/lib/platform/config';
import { openApiDocument } from '@/lib/api/openapi';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json(openApiDocument('import', getConfig().publicUrl));
}
