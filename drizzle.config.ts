import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/platform/db/schema.ts',
  out: './lib/platform/db/migrations',
});
