// Browser tests run against the production build in public/ (run
// `npm run build` first; `npm test` does), in Debian's chromium.
import { defineConfig } from '@playwright/test';
import { launchOptions } from './helpers/browser.mjs';

const PORT = Number(process.env.TPSREPORT_TEST_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.mjs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    timezoneId: 'UTC',
  },
  webServer: {
    command: `node helpers/static-server.mjs ../public ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    cwd: import.meta.dirname,
  },
});
