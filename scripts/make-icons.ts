/**
 * Draws the app's PNG icons from their SVG sources with the Chromium the
 * browser tests already use (playwright-core, no new dependency):
 *
 *   npx tsx scripts/make-icons.ts
 *
 * The PNGs are committed; run this again only after changing an SVG in
 * packages/web/public/icons/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = path.resolve(import.meta.dirname, '../packages/web/public/icons');

const outputs = [
  { source: 'icon.svg', size: 192, file: 'icon-192.png' },
  { source: 'icon.svg', size: 512, file: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  // iOS rounds the corners itself, so its icon is the full-bleed one.
  { source: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { source, size, file } of outputs) {
    const svg = fs.readFileSync(path.join(ICONS, source)).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({
      path: path.join(ICONS, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`${file} (${size}×${size}) from ${source}`);
  }
} finally {
  await browser.close();
}
