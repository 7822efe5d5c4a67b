// A long page as several screenshots of at most `height` px each, for an image
// viewer that shrinks tall images: node tests/helpers/screenshot-parts.mjs /reports/x/ out-prefix [--phone] [--dark] [--nojs]
import { chromium } from '@playwright/test';
import { serveStatic } from './static-server.mjs';
import { launchOptions } from './browser.mjs';

const [path = '/', prefix = 'shot', ...flags] = process.argv.slice(2);
const height = 1600;
const server = await serveStatic('public', 4175);
const browser = await chromium.launch(launchOptions);
const width = flags.includes('--phone') ? 390 : 1280;
const context = await browser.newContext({
  viewport: { width, height: 900 },
  colorScheme: flags.includes('--dark') ? 'dark' : 'light',
  javaScriptEnabled: !flags.includes('--nojs'),
});
const page = await context.newPage();
await page.goto(`http://127.0.0.1:4175${path}`);
await page.waitForTimeout(flags.includes('--nojs') ? 100 : 1500);
// Chart images load as a reader nears them (and with JavaScript vega then redraws them): scroll through as a reader would.
for (let y = 0; y < await page.evaluate(() => document.documentElement.scrollHeight); y += 600) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForTimeout(100);
}
await page.waitForLoadState('networkidle');
await page.evaluate(() => window.scrollTo(0, 0));
const total = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < total; y += height, i += 1) {
  await page.screenshot({ path: `${prefix}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(height, total - y) } });
  console.log(`${prefix}-${i}.png`);
}
await browser.close();
server.close();
