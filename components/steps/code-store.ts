'use client';

import { create } from 'zustand';

export type Notice = { kind: 'error' | 'info'; text: string } | null;

interface CodeState {
  code: string;
  attemptsLeft: number;
  resendAt: number;
  resendsLeft: number;
  notice: Notice;
  setCode: (code: string) => void;
  init: (v: { attemptsLeft: number; retryAfter: number; resendsLeft: number }) => void;
  wrong: (attemptsLeft: number, text: string) => void;
  resent: (retryAfter: number, resendsLeft: number, text: string) => void;
  notify: (notice: Notice) => void;
}

/** State of the code-entry page: what is typed, attempts and resend cooldown. */
export const useCodeStore = create<CodeState>((set) => ({
  code: '',
  attemptsLeft: 5,
  resendAt: 0,
  resendsLeft: 3,
  notice: null,
  setCode: (code) => set({ code: code.replace(/\D/g, '').slice(0, 6) }),
  init: ({ attemptsLeft, retryAfter, resendsLeft }) => set({ attemptsLeft, resendsLeft, resendAt: Date.now() + retryAfter * 1000, code: '', notice: null }),
  wrong: (attemptsLeft, text) => set({ attemptsLeft, code: '', notice: { kind: 'error', text } }),
  resent: (retryAfter, resendsLeft, text) => set({ resendAt: Date.now() + retryAfter * 1000, resendsLeft, code: '', notice: { kind: 'info', text } }),
  notify: (notice) => set({ notice }),
}));
