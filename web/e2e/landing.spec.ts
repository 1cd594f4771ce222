import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('the FAQ has six items and opens one at a time', async ({ page }) => {
  const faq = page.locator('#faq');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(6);
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region')).toHaveCount(1);
});

test('newsletter: validation messages, Subscribing... state and the success toast', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Newsletter' });
  const input = form.getByLabel('Email address');
  const button = form.getByRole('button');

  await button.click();
  await expect(page.getByText('Please enter an email address')).toBeVisible();
  await input.fill('not-an-email');
  await button.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // Hold the request so the in-flight state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    await held;
    await route.continue();
  });
  await input.fill(`fan-${Date.now()}@example.com`);
  await button.click();
  await expect(button).toHaveText('Subscribing...');
  await expect(button).toBeDisabled();
  await expect(input).toBeDisabled();
  release();
  await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(button).toBeEnabled();
});

test('top bar and footer links', async ({ page }) => {
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  const quick = page.getByRole('navigation', { name: 'Quick links' });
  await expect(quick.getByRole('link')).toHaveText(['Home', 'Registration', 'Sign in']);
  await expect(page.getByText('© 2024')).toBeVisible();
  await quick.getByRole('link', { name: 'Registration' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
