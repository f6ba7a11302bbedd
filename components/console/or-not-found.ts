import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/platform/errors';

/** A console page's record, or Next's 404 page for an id that is unknown or another integrator's. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (isAppError(err) && err.status === 404) notFound();
    throw err;
  }
}
