import { request, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newAccount, registerThroughApi, type TestAccount } from './api';

/*
 * The other browsers and clients a test opens beside its page, all on the test's server.
 */

const baseURL = () => test.info().project.use.baseURL;

/** Someone else at the table: a browser context of their own, signed in as a new account. */
export async function signedInElsewhere(
  browser: Browser,
  firstName?: string,
): Promise<{ context: BrowserContext; account: TestAccount }> {
  const context = await browser.newContext({ baseURL: baseURL() });
  return { context, account: await registerThroughApi(context.request, newAccount(firstName)) };
}

/** A new account registered from a client of its own, so the test's page is not signed in as it. */
export async function registeredElsewhere(): Promise<TestAccount> {
  return registerThroughApi(await request.newContext({ baseURL: baseURL() }));
}

/** The page's signed-in user on a phone (390×844, touch): a new context with the page's cookies. */
export async function onPhone(browser: Browser, page: Page): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
}
