import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { CONSOLE_COOKIE, consoleUser, sessionIdFromCookies, type ConsoleUser } from '@/lib/platform/auth';

/** The signed-in console user of this request (server components), or undefined. */
export async function currentConsoleUser(): Promise<ConsoleUser | undefined> {
  const value = (await cookies()).get(CONSOLE_COOKIE)?.value;
  return consoleUser(sessionIdFromCookies(value ? `${CONSOLE_COOKIE}=${value}` : undefined));
}

/**
 * The signed-in user, or a redirect to sign-in. Every console page calls it
 * itself: Next.js renders a page alongside its layout, not after it.
 */
export async function requireConsoleUser(): Promise<ConsoleUser> {
  const user = await currentConsoleUser();
  if (!user) redirect('/console/login');
  return user;
}
