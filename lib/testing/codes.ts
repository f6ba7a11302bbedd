/**
 * The one-time code in a message body: six digits standing alone. The text
 * also carries the integrator's name, which may hold digits of its own; the
 * first run of six digits anywhere was a test flake.
 */
export function codeIn(body: string | undefined): string | undefined {
  return /\b\d{6}\b/.exec(body ?? '')?.[0];
}
