import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from '../support/api';
import { postStripeEvent, stripeCustomerOf } from '../support/stripe';

const CONFIRMATION = /\/payment-confirmation\?success=true&plan=standard&billing=monthly$/;

test('a card checkout: Stripe’s page, the return, the webhook, the new plan and the billing portal', async ({
  page,
}) => {
  const account = await registerThroughApi(page.request, newAccount('Sansa'));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // Stripe's hosted page, stood in for by what it does when the card is accepted: back to success_url.
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({
      status: 303,
      headers: { location: `${origin}/payment-confirmation?success=true&plan=standard&billing=monthly` },
    }),
  );

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page.getByText('Self-hosted mode')).toBeHidden();
  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: /^Monthly/ })
    .click();

  await expect(page).toHaveURL(CONFIRMATION);
  // Back from Stripe by a full page load, the upgrade is still told as one.
  await expect(page.getByRole('heading', { name: 'Upgrade Complete' })).toBeVisible();
  await expect(page.locator('.confirmation-details')).toContainText('16 hours per month');
  await expect(page.getByRole('status')).toHaveText(/Waiting for Stripe to confirm the payment/);

  const { userId, customerId } = await stripeCustomerOf(account.email);
  await postStripeEvent(page.request, 'checkout.session.completed', {
    id: 'cs_test_e2e',
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: customerId,
    subscription: `sub_e2e_${userId.slice(0, 8)}`,
    client_reference_id: userId,
    metadata: { userId, planId: 'standard', billingCycle: 'monthly' },
  });

  // Until the webhook lands the page says it is waiting; then the account has the plan.
  await expect(page.getByRole('status')).toBeHidden();
  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeHidden();

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Plan Usage' })).toContainText('16 h');
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership).toContainText('Standard');
  await expect(membership).toContainText('Monthly');

  // 'Manage Subscription' opens Stripe's billing portal in a new tab; the profile stays.
  await page.context().route('https://**.stripe.me/**', (route) => route.fulfill({ body: 'Billing portal' }));
  const popup = page.waitForEvent('popup');
  await membership.getByRole('button', { name: 'Manage Subscription' }).click();
  const portal = await popup;
  await expect(portal).toHaveURL(/\.stripe\.me\/session\//);
  await expect(page).toHaveURL(/\/profile$/);

  // A subscriber changes the plan in the portal, not by buying a second subscription.
  await page.goto('/plan-select');
  await expect(page.getByText('You already have a subscription.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: /^Monthly/ })).toBeDisabled();
});

test('leaving Stripe’s page returns to the picker with the canceled message', async ({ page }) => {
  await registerThroughApi(page.request);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ status: 303, headers: { location: `${origin}/plan-select?canceled=true` } }),
  );
  await page.goto('/plan-select');
  await page.getByRole('button', { name: 'Add Q&A Access · $6/mo' }).click();
  await expect(page).toHaveURL(/\/plan-select\?canceled=true$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Payment was canceled. You can try again or select a different plan.',
  );
});
