'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The visitor's credentials for try-it, kept in this tab only (sessionStorage), never sent anywhere else. */
export const useDocsAuth = create<{ token: string; apiKey: string; set: (v: Partial<{ token: string; apiKey: string }>) => void }>()(
  persist((set) => ({ token: '', apiKey: '', set: (v) => set(v) }), { name: 'atesta-docs-auth', storage: createJSONStorage(() => sessionStorage) }),
);
