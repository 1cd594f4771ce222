import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screenshots at the desktop and phone sizes every page is checked at, into SHOTS_DIR when it is
 * set (looked at by a person; never assertions). `fullPage` takes the whole scrolled page.
 */
export async function screenshots(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // the layout settles at the new width
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`), fullPage });
  }
  if (size) await page.setViewportSize(size);
}
