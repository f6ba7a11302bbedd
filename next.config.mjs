/** @type {import('next').NextConfig} */
const nextConfig = {
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
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
