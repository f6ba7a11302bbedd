'use client';

import { createContext, useContext } from 'react';

/** The integrator's texts for the intro and final pages in the page's language (empty: our own). */
export interface PageCopy {
  introTitle?: string;
  introText?: string;
  successTitle?: string;
  successText?: string;
}

const PageCopyContext = createContext<PageCopy>({});

export function PageCopyProvider({ copy, children }: { copy: PageCopy | undefined; children: React.ReactNode }) {
  return <PageCopyContext.Provider value={copy ?? {}}>{children}</PageCopyContext.Provider>;
}

export const usePageCopy = () => useContext(PageCopyContext);
