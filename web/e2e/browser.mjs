// Shared by the end-to-end test and the screenshot script: Debian's Chromium through playwright-core.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Signs in through the development provider's popup: opens it from "Continue with Google",
 * fills the account chooser's new-account form and waits for the popup to close.
 */
export async function signInThroughPopup(page, { email, name }, timeout = 20_000) {
  const popupPromise = page.waitForEvent('popup', { timeout });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  const closed = popup.waitForEvent('close', { timeout });
  // The chooser may also list recent accounts as forms with hidden inputs of the same names.
  await popup.locator('input[name="email"]:not([type="hidden"])').fill(email);
  await popup.locator('input[name="name"]:not([type="hidden"])').fill(name);
  await popup.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  await closed;
}
