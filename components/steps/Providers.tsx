'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

/** TanStack Query for the hosted pages' server calls. */
export function Providers({ children }: { children: React.ReactNode }) {
  // networkMode 'always': a call made offline fails at once and the page says "sem conexão" (api.ts), instead of waiting paused.
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false, networkMode: 'always' }, queries: { networkMode: 'always' } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
