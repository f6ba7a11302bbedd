import { readFileSync } from 'node:fs';

// The selfie guide loads Human from /vendor/human/<version>/ (lib/platform/http/vendor.ts): versioned URLs, cached for a year.
const trackerVersion = JSON.parse(readFileSync(new URL('./node_modules/@vladmandic/human/package.json', import.meta.url), 'utf8')).version;

/** @type {import('next').NextConfig} */
const nextConfig = {
  env: { ATESTA_TRACKER_VERSION: trackerVersion },
  // Native and wasm packages must stay outside the server bundle: they load
  // binaries or data files by path at run time.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    '@node-rs/argon2',
    'pg',
    'pg-boss',
    'pino',
    'prom-client',
    'sharp',
    '@vladmandic/face-api',
    '@tensorflow/tfjs',
    '@tensorflow/tfjs-backend-wasm',
    '@napi-rs/canvas',
    'pdfjs-dist',
    'tesseract.js',
    'mrz',
    'zxing-wasm',
  ],
  poweredByHeader: false,
  // Render <title> and metadata in the head for every client instead of streaming them in later:
  // screen readers and axe need the title at once, after client refreshes too.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [
      {
        // Hosted step pages: nothing is cached. (CSP, Referrer-Policy and the other security
        // headers of every response are set at run time: lib/platform/security/headers.ts.)
        source: '/p/:path*',
        headers: [
          { key: 'Cache-Control', value: 'no-store' },
          // The capture steps use the camera; nothing else (microphone, location…) is ever asked for.
          { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
