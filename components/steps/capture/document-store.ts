'use client';

import { create } from 'zustand';
import type { CaptureRetry as Retry } from '@/lib/api/contracts/flow';

export type Side = 'front' | 'back';
export type Mode = 'choose' | 'camera' | 'preview' | 'sending';

interface DocumentState {
  /** The sides still to capture, in order. */
  sides: Side[];
  index: number;
  mode: Mode;
  images: Partial<Record<Side, { data: string; source: 'camera' | 'upload' }>>;
  retry: Retry[];
  attemptsLeft: number;
  init: (v: { sides: Side[]; retry: Retry[]; attemptsLeft: number }) => void;
  setMode: (mode: Mode) => void;
  captured: (data: string, source: 'camera' | 'upload') => void;
  /** The preview was accepted: the next side, or done (true). */
  accept: () => boolean;
  skip: () => boolean;
  retake: () => void;
}

/** State of the document capture page: which side, what was taken, what the server asked again. */
export const useDocumentStore = create<DocumentState>((set, get) => ({
  sides: ['front', 'back'],
  index: 0,
  mode: 'choose',
  images: {},
  retry: [],
  attemptsLeft: 3,
  init: ({ sides, retry, attemptsLeft }) => set({ sides, retry, attemptsLeft, index: 0, mode: 'choose', images: {} }),
  setMode: (mode) => set({ mode }),
  captured: (data, source) => {
    const side = get().sides[get().index]!;
    set({ images: { ...get().images, [side]: { data, source } }, mode: 'preview' });
  },
  accept: () => {
    const next = get().index + 1;
    if (next >= get().sides.length) return true;
    set({ index: next, mode: 'choose' });
    return false;
  },
  skip: () => {
    const side = get().sides[get().index]!;
    const images = { ...get().images };
    delete images[side];
    set({ images });
    return get().accept();
  },
  retake: () => {
    const side = get().sides[get().index]!;
    const images = { ...get().images };
    delete images[side];
    set({ images, mode: 'camera' });
  },
}));
