import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `atesta-e2e-${PORT}`);
export const E2E_DEMO = { username: 'e2e.admin', password: 'e2e-password-123456', apiKey: 'atk_e2e_0123456789abcdefghijklmnop' };

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // Two at a time: most of a browser test waits on timers and the camera video; measured here 8.6 → 5.6 min, all green.
  workers: 2,
  // On CI one retry: a test that passes the second time is reported as flaky (named in the list), not as a failure that
  // stops everything landing. Locally none, so a flake is seen at once.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // Fake-camera videos and document files for the capture steps.
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    locale: 'pt-BR',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // Hosted step pages are used on phones first: they run on a phone viewport too, except the tests tagged
    // @one-viewport, whose subject does not depend on it (server rules, a desktop webcam, the desktop-to-phone hand-off
    // that opens both itself, offline retries): on a phone they only repeated the desktop run (about 90 s of CI).
    { name: 'phone', testMatch: /steps.*\.spec\.ts/, grepInvert: /@one-viewport/, use: { viewport: devices['Pixel 7'].viewport, deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent } },
  ],
  webServer: {
    // Same start path as `npm start`, on a throw-away embedded database.
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/ensure-build.mjs && node node_modules/tsx/dist/cli.mjs scripts/server.ts`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      // Short, so the resend test does not wait a minute (the default 60 s is tested in vitest).
      STEP_RESEND_COOLDOWN_SECONDS: '3',
      // The face video turns one way only.
      STEP_LIVENESS_ACTIONS: 'turn_right',
      ATESTA_DEMO_USERNAME: E2E_DEMO.username,
      ATESTA_DEMO_PASSWORD: E2E_DEMO.password,
      ATESTA_DEMO_API_KEY: E2E_DEMO.apiKey,
    },
  },
});
