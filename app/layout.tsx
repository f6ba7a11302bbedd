import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Atesta', template: '%s · Atesta' },
  description: 'Verificação de identidade para o Brasil',
};

// Every page is rendered per request: its scripts carry that response's CSP nonce (lib/security/headers.ts).
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
