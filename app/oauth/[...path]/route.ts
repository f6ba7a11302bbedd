import { notFoundRoute } from '@/lib/platform/http';

// Unknown paths under an API base answer problem+json 404, not an HTML page.
export const GET = notFoundRoute;
export const POST = notFoundRoute;
export const PUT = notFoundRoute;
export const PATCH = notFoundRoute;
export const DELETE = notFoundRoute;
