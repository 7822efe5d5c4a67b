// Screenshots of built pages in Debian's chromium, for looking at what we
// built: node tests/helpers/screenshot.mjs /reports/x/ out.png [--phone] [--dark] [--nojs]
import { chromium } from '@playwright/test';
import { serveStatic } from './static-server.mjs';
import { launchOptions } from './browser.mjs';

const [path = '/', out = 'shot.png', ...flags] = process.argv.slice(2);
const server = await serveStatic('public', 4174);
const browser = await chromium.launch(launchOptions);
const context = await browser.newContext({
  viewport: flags.includes('--phone') ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  colorScheme: flags.includes('--dark') ? 'dark' : 'light',
  javaScriptEnabled: !flags.includes('--nojs'),
  deviceScaleFactor: 1,
});
const page = await context.newPage();
await page.goto(`http://127.0.0.1:4174${path}`);
await page.waitForTimeout(flags.includes('--nojs') ? 100 : 1500);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
server.close();
