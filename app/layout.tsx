import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Atesta', template: '%s · Atesta' },
  description: 'Verificação de identidade para o Brasil',
  icons: { icon: [{ url: '/favicon.ico', sizes: '16x16 32x32 48x48' }, { url: '/icon.svg', type: 'image/svg+xml' }] },
};

// Every page is rendered per request: its scripts carry that response's CSP nonce (lib/platform/security/headers.ts).
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Set by the server from the path and the person's language (lib/platform/i18n pageLanguage).
  const lang = (await headers()).get('x-atesta-lang') === 'en' ? 'en' : 'pt-BR';
  return (
    <html lang={lang}>
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
