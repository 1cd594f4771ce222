import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi } from './support/api';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page.request);
});

/** The profile's Plan Usage figure, e.g. '16 h'. */
async function monthlyLimit(page: Page) {
  await page.goto('/profile');
  return page.getByRole('region', { name: 'Plan Usage' }).locator('div', { hasText: 'Monthly limit' }).locator('dd');
}

test('the four cards show the prices of docs/product.md#plans-and-limits, the 25% annual saving and the Q&A add-on', async ({
  page,
}) => {
  await page.goto('/plan-select');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();

  const free = page.getByRole('article', { name: 'Free / Viewer' });
  await expect(free).toContainText('$0/mo');
  await expect(free).toContainText('Current plan');
  const addOn = free.getByRole('region', { name: 'Q&A Chatbot Access add-on' });
  await expect(addOn).toContainText('$6/mo (monthly only, no audio hours)');

  const cards: [string, string, string, string][] = [
    ['Beginner', '$12/mo', 'or $9/mo billed annually ($108/yr) — save 25%', '8 hours'],
    ['Standard', '$22/mo', 'or $16.50/mo billed annually ($198/yr) — save 25%', '16 hours'],
    ['Pro', '$45/mo', 'or $34/mo billed annually ($405/yr) — save 25%', '32 hours'],
  ];
  for (const [name, monthly, annual, hours] of cards) {
    const card = page.getByRole('article', { name, exact: true });
    await expect(card.locator('.plan-price')).toHaveText(monthly);
    await expect(card).toContainText(annual);
    await expect(card).toContainText(`${hours} of audio per month`);
    await expect(card.getByRole('button', { name: /^Monthly/ })).toBeEnabled();
    await expect(card.getByRole('button', { name: /^Annual/ })).toBeEnabled();
  }
});

test('upgrading from the dashboard applies a paid plan, confirms it and raises the allowance', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/plan-select$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
  await expect(
    page.getByText('Select a plan to unlock more features and increase your audio processing limits.'),
  ).toBeVisible();
  for (const name of ['Free / Viewer', 'Beginner', 'Standard', 'Pro']) {
    await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  }

  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: /^Annual/ })
    .click();
  await expect(page).toHaveURL(/\/payment-confirmation\?success=true&plan=standard&billing=annual$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Complete' })).toBeVisible();
  await expect(page.getByText('Your account has been upgraded successfully!')).toBeVisible();
  const details = page.locator('.confirmation-details');
  await expect(details).toContainText('Standard');
  await expect(details).toContainText('Annual');
  await expect(details).toContainText('16 hours per month');

  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A paid subscriber no longer sees the upgrade button, but manages the subscription on the profile.
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeHidden();
  await expect(await monthlyLimit(page)).toHaveText('16 h');
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership).toContainText('Standard');
  await expect(membership).toContainText('Annual');

  // Self-hosted: 'Manage Subscription' is the picker, where the plan bought cannot be bought again.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
  const standard = page.getByRole('article', { name: 'Standard' });
  await expect(standard).toContainText('Current plan');
  await expect(standard.getByRole('button', { name: 'Your current plan (annual)' })).toBeDisabled();
  await expect(standard.getByRole('button', { name: /^Monthly/ })).toBeEnabled();

  // Back to Free applies at once and needs no confirmation page.
  await page.getByRole('button', { name: 'Switch to Free' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
  await expect(await monthlyLimit(page)).not.toHaveText('16 h');
});

test('a new account choosing a plan gets the welcome copy and Go to Dashboard', async ({ page }) => {
  await page.goto('/plan-select');
  await page
    .getByRole('article', { name: 'Beginner' })
    .getByRole('button', { name: /^Monthly/ })
    .click();
  await expect(page).toHaveURL(/\/payment-confirmation\?success=true&plan=beginner&billing=monthly$/);
  await expect(page.getByRole('heading', { name: 'Welcome Aboard!' })).toBeVisible();
  await expect(page.getByText('Welcome to Questlog, Ada! Your account is now active.')).toBeVisible();
  await expect(page.locator('.confirmation-details')).toContainText('8 hours per month');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeHidden();
  await expect(await monthlyLimit(page)).toHaveText('8 h');
});

test('the Q&A add-on is bought monthly from the Free card, without audio hours', async ({ page }) => {
  await page.goto('/plan-select');
  await page.getByRole('button', { name: 'Add Q&A Access · $6/mo' }).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?success=true&plan=qa_chatbot&billing=monthly$/);
  const details = page.locator('.confirmation-details');
  await expect(details).toContainText('Q&A Chatbot Access');
  await expect(details).toContainText('Monthly');
  await expect(details).toContainText('1 hour per month');

  await page.goto('/plan-select');
  const addOn = page.getByRole('region', { name: 'Q&A Chatbot Access add-on' });
  await expect(addOn).toContainText('Current plan');
  await expect(addOn.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
});

test('a checkout that cannot be set up says so and leaves the picker usable', async ({ page }) => {
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'CreateCheckoutSession') return route.fallback();
    await route.fulfill({ status: 503, json: { errors: [{ message: 'Failed to create checkout session' }] } });
  });
  await page.goto('/plan-select');
  await page
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: /^Monthly/ })
    .click();
  await expect(page.getByRole('alert')).toHaveText('Failed to set up payment. Please try again.');
  await expect(page).toHaveURL(/\/plan-select$/);
  await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: /^Monthly/ })).toBeEnabled();
});

test('a checkout return without success shows Processing Payment... first and looks the plan up', async ({ page }) => {
  await page.goto('/payment-confirmation?plan=beginner&billing=monthly');
  await expect(page.getByText('Processing Payment...')).toBeVisible();
  await expect(page.getByText('Your account is now active.')).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.confirmation-details')).toContainText('Beginner');
  await expect(page.locator('.confirmation-details')).toContainText('Monthly');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a canceled checkout says so on the plan picker', async ({ page }) => {
  await page.goto('/plan-select?canceled=true');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Payment was canceled. You can try again or select a different plan.')).toBeVisible();
});
