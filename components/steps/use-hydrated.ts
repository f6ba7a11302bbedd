import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page.
 * A form that works only through its handlers stays inert until then: pressing Enter
 * in the plain HTML form would reload the page with the typed value in its address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
