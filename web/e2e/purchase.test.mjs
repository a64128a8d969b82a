// The journey of issue 5: a signed-in user with 10 credits buys the Pro Pack through the
// development checkout (which sends a Stripe-signed event to the real webhook) and sees 35
// credits on the confirmation screen; a second user who cancels keeps 10. Real server.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;

const { server, browser } = await startJourney();

/** A new user signed in through the popup of the development identity provider. */
async function signedInPage(name) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.baseUrl}/auth`);
  await signInThroughPopup(page, { email: `e2e-${randomBytes(6).toString('hex')}@example.com`, name }, TIMEOUT);
  await page.getByText('Welcome to Lectern! You have 10 free credits to start creating videos.').waitFor({ timeout: TIMEOUT });
  return { context, page, pageErrors };
}

async function openCreditsWithTen(page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits' }).click();
  await page.getByText('You have 10 credits available.').waitFor({ timeout: TIMEOUT });
  assert.equal((await page.getByTestId('credits-available').innerText()).trim(), '10');
}

async function onFailure(page, name, error) {
  await page.screenshot({ path: join(RESULTS, name), fullPage: true }).catch(() => undefined);
  console.error(`--- server log ---\n${server.logs()}`);
  throw error;
}

test('a user with 10 credits buys the Pro Pack and sees 35 credits', async (t) => {
  const { context, page, pageErrors } = await signedInPage('Paula Payer');
  try {
    await t.test('the credits screen lists the packages', async () => {
      await openCreditsWithTen(page);
      await page.getByRole('button', { name: 'Buy Pro Pack' }).waitFor({ timeout: TIMEOUT });
    });

    await t.test('buying opens the hosted checkout with the package and its price', async () => {
      await page.getByRole('button', { name: 'Buy Pro Pack' }).click();
      await page.waitForURL(/\/dev-checkout\/cs_test_dev_[0-9a-f]+$/, { timeout: TIMEOUT });
      assert.equal((await page.getByTestId('checkout-package').innerText()).trim(), 'Pro Pack');
      assert.equal((await page.getByTestId('checkout-total').innerText()).trim(), '$9.99');
      await page.getByText('25 credits for videos').waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-checkout.png'), fullPage: true });
    });

    await t.test('paying lands on the confirmation with 35 credits', async () => {
      await page.getByRole('button', { name: 'Pay $9.99' }).click();
      await page.waitForURL(/\/purchase-success\?session_id=cs_test_dev_[0-9a-f]+$/, { timeout: TIMEOUT });
      await page.getByRole('heading', { name: 'Payment confirmed' }).waitFor({ timeout: TIMEOUT });
      await page.getByText('25 credits have been added to your account.').waitFor({ timeout: TIMEOUT });
      await page.getByText('You have 35 credits available.').waitFor({ timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credits-available').innerText()).trim(), '35');
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '35 credits');
      await page.screenshot({ path: join(RESULTS, 'e2e-purchase-success.png'), fullPage: true });
    });

    await t.test('going back to the checkout does not charge again', async () => {
      await page.goBack();
      await page.getByRole('heading', { name: 'Already paid' }).waitFor({ timeout: TIMEOUT });
      await page.goto(`${server.baseUrl}/credits`);
      await page.getByText('You have 35 credits available.').waitFor({ timeout: TIMEOUT });
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await onFailure(page, 'e2e-purchase-failure.png', error);
  } finally {
    await context.close();
  }
});

test('a user who cancels the checkout keeps 10 credits', async () => {
  const { context, page, pageErrors } = await signedInPage('Carl Cancel');
  try {
    await openCreditsWithTen(page);
    await page.getByRole('button', { name: 'Buy Pro Pack' }).click();
    await page.waitForURL(/\/dev-checkout\//, { timeout: TIMEOUT });
    await page.getByRole('link', { name: 'Cancel and return to Lectern' }).click();
    await page.waitForURL(/\/credits\?checkout=cancelled$/, { timeout: TIMEOUT });
    await page.getByText('Checkout cancelled. You were not charged').waitFor({ timeout: TIMEOUT });
    await page.getByText('You have 10 credits available.').waitFor({ timeout: TIMEOUT });
    assert.equal((await page.getByTestId('credits-available').innerText()).trim(), '10');
    assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
    await page.screenshot({ path: join(RESULTS, 'e2e-checkout-cancelled.png'), fullPage: true });
    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await onFailure(page, 'e2e-cancel-checkout-failure.png', error);
  } finally {
    await context.close();
  }
});
