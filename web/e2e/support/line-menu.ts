import { expect, type Locator } from '@playwright/test';

/** Fails unless the element is a touch target of at least 44 x 44 CSS pixels (WCAG 2.5.5). */
export async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'the target is laid out').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

/**
 * On a phone, a transcript line of the owner's has exactly one control, its "Line actions" menu
 * button, at least 44 px each way; returns it.
 */
export async function phoneLineMenu(line: Locator): Promise<Locator> {
  const controls = line.getByRole('button');
  await expect(controls).toHaveCount(1);
  await expect(controls).toHaveAttribute('aria-haspopup', 'menu');
  await expect(controls).toHaveAccessibleName(/^Line actions at /);
  await expectTouchTarget(controls);
  return controls;
}

/** Opens a line's menu by touch and taps one of its actions, each a 44 px target. */
export async function tapLineAction(line: Locator, action: string): Promise<void> {
  const button = await phoneLineMenu(line);
  await button.tap();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = line.page().getByRole('menu');
  for (const item of await menu.getByRole('menuitem').all()) await expectTouchTarget(item);
  await menu.getByRole('menuitem', { name: action }).tap();
  await expect(menu).toHaveCount(0);
}
