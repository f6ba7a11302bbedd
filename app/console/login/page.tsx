import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignInForm } from '@/components/console/SignInForm';

export const metadata: Metadata = { title: 'Console sign-in' };

export default function ConsoleSignInPage() {
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="mb-1 text-2xl font-semibold text-teal-800">Atesta console</h1>
      <p className="mb-6 text-sm text-slate-600">Sign in with your integrator user.</p>
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
