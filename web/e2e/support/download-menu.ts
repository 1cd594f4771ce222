import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** Opens Download and saves one of its files (e.g. 'Brief Summary (.txt)'); returns its name and text. */
export async function downloadFromMenu(page: Page, item: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menu', { name: 'Download' }).getByRole('menuitem', { name: item, exact: true }).click(),
  ]);
  await expect(page.getByRole('menu', { name: 'Download' })).toHaveCount(0);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}
