// The journey of issue 2: a newcomer opens Lectern, signs in through the popup with the
// development identity provider, and sees 10 free credits. Runs against the real server.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;

const { server, browser } = await startJourney();

test('a newcomer signs in through the popup and sees 10 free credits', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;

  try {
    await t.test('the landing page opens', async () => {
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: /Turn any topic into a lesson/ }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Log In' }).waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-landing.png') });
    });

    await t.test('sign in through the popup with the development provider', async () => {
      await page.getByRole('link', { name: 'Log In' }).click();
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Eve Tester' });
      await page
        .getByText('Welcome to Lectern! You have 10 free credits to start creating videos.')
        .waitFor({ timeout: TIMEOUT });
    });

    await t.test('the navigation shows 10 credits', async () => {
      const balance = page.getByTestId('credit-balance');
      await balance.waitFor({ timeout: TIMEOUT });
      assert.equal((await balance.innerText()).trim(), '10 credits');
      await page.getByRole('button', { name: /Account menu for Eve Tester/ }).click();
      const menu = page.getByRole('menu', { name: 'Account' });
      await menu.getByText(email).waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(300); // let the menu finish its entrance
      await page.screenshot({ path: join(RESULTS, 'e2e-signed-in.png') });
      await page.keyboard.press('Escape');
    });

    await t.test('the credits screen shows the balance message', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits' }).click();
      await page.getByText('You have 10 credits available.').waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-credits.png'), fullPage: true });
    });

    await t.test('the session survives a reload (refresh cookie)', async () => {
      await page.reload();
      const balance = page.getByTestId('credit-balance');
      await balance.waitFor({ timeout: TIMEOUT });
      assert.equal((await balance.innerText()).trim(), '10 credits');
    });

    await t.test('sign out, then back in: welcome back, credits kept', async () => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByText('Signed out successfully').waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Log In' }).click();
      await signInThroughPopup(page, { email, name: 'Eve Tester' });
      await page.getByText('Welcome back!').waitFor({ timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});

test('a blocked popup falls back to the redirect sign-in', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.open = () => null;
  });
  try {
    await page.goto(`${server.baseUrl}/credits`);
    await page.waitForURL(/\/auth$/, { timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page
      .getByText('Pop-up was blocked. Please allow pop-ups and try again. (Error: auth/popup-blocked)')
      .waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Try Alternative Sign-In Method' }).click();
    await page.waitForURL(/\/dev-oidc\/authorize/, { timeout: TIMEOUT });
    await page.locator('input[name="email"]:not([type="hidden"])').fill(`e2e-${randomBytes(6).toString('hex')}@example.com`);
    await page.locator('input[name="name"]:not([type="hidden"])').fill('Rae Direct');
    await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
    await page
      .getByText('Welcome to Lectern! You have 10 free credits to start creating videos.')
      .waitFor({ timeout: TIMEOUT });
    const url = new URL(page.url());
    assert.equal(url.pathname, '/credits', 'returned to the page that asked for sign-in');
    assert.equal(url.search, '', 'the sign-in outcome is stripped from the address');
    await page.getByText('You have 10 credits available.').waitFor({ timeout: TIMEOUT });
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-redirect-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});

test('cancelling in the popup says the sign-in was cancelled', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.baseUrl}/auth`);
    const popupPromise = page.waitForEvent('popup', { timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await popup.locator('button[type="submit"]', { hasText: 'Cancel' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign-in was cancelled. Please try again.' }).waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByRole('alert').first().innerText(), /\(Error: auth\/[a-z-]+\)/);
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-cancel-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
