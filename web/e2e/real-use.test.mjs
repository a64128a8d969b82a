// The journey of issue 54, at a desktop's and a phone's width: prices can be seen signed out;
// the landing page's example lesson plays, from the keyboard, with captions;
// a create form says at once what the slides cannot draw, counts characters as a person does,
// and keeps the typed text through a reload.
//   npm run build && node --test e2e/real-use.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const { server, browser } = await startJourney();
const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { name, viewport } of WIDTHS) {
  test(`a visitor finds the prices, and a learner's typed topic is checked and kept (${name})`, async (t) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const shot = (what, fullPage = false) => page.screenshot({ path: join(RESULTS, `e2e-real-use-${what}-${name}.png`), fullPage });

    try {
      await t.test('signed out, Pricing opens the prices, not a sign-in page', async () => {
        await page.goto(`${server.baseUrl}/`);
        await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Pricing' }).click();
        await page.waitForURL(/\/pricing$/, { timeout: TIMEOUT });
        await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor({ timeout: TIMEOUT });
        assert.equal(await page.getByText('Welcome back').count(), 0, 'no sign-in page');
        await page.getByTestId('pricing-package').first().waitFor({ timeout: TIMEOUT });
        assert.ok((await page.getByTestId('pricing-package').count()) > 0, 'the packages are listed');
        await shot('pricing', true);
        assert.deepEqual(await axeViolations(page), [], 'the pricing page has no axe violations');
      });

      await t.test('the landing page has no play button that does nothing, and no stray separator', async () => {
        await page.goto(`${server.baseUrl}/`);
        await page.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
        assert.equal(await page.locator('.preview__play').count(), 0);
        const trust = await page.locator('.hero__trust').innerText();
        assert.ok(!trust.includes('·'), `no separator: ${trust}`);
        assert.equal(await page.getByRole('link', { name: 'See pricing' }).getAttribute('href'), '/pricing');
      });

      await t.test("the landing page's example lesson plays from the keyboard, with its captions", async () => {
        const example = page.getByRole('figure', { name: /^An example lesson made by Lectern/ });
        await example.waitFor({ timeout: TIMEOUT });
        const video = example.locator('video');
        assert.equal(await video.getAttribute('controls'), '', "the browser's own controls");
        // Reached with Tab alone, from the top of the page.
        await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
        let reached = false;
        for (let presses = 0; presses < 40 && !reached; presses += 1) {
          await page.keyboard.press('Tab');
          reached = await video.evaluate((el) => document.activeElement === el);
        }
        assert.ok(reached, 'Tab reaches the example video');
        await page.keyboard.press('Space');
        await video.evaluate(
          (el) =>
            new Promise((resolve, reject) => {
              const deadline = Date.now() + 15_000;
              const check = () => (el.currentTime > 1 ? resolve() : Date.now() > deadline ? reject(new Error(`stuck at ${el.currentTime}, paused ${el.paused}`)) : setTimeout(check, 100));
              check();
            }),
        );
        const played = await video.evaluate((el) => {
          const track = el.querySelector('track');
          const cues = el.textTracks[0]?.cues;
          return {
            paused: el.paused,
            duration: el.duration,
            width: el.videoWidth,
            captions: el.textTracks[0]?.mode,
            loaded: track?.readyState,
            cues: cues ? [...cues].map((c) => c.text).join(' ') : '',
          };
        });
        assert.ok(!played.paused && played.width > 0, `the video plays: ${JSON.stringify(played)}`);
        assert.ok(played.duration >= 30 && played.duration <= 60, `a short lesson (30-60 s): ${played.duration}`);
        assert.equal(played.captions, 'showing', 'captions are on');
        assert.equal(played.loaded, 2, 'the captions track loaded (HTMLTrackElement.LOADED)');
        assert.match(played.cues, /Ohm's law/i, 'the captions say what the lesson says');
        // Small enough for a landing page: the video, its captions and its poster under 1.5 MB.
        let bytes = 0;
        for (const src of [await video.locator('source').getAttribute('src'), await video.locator('track').getAttribute('src'), await video.getAttribute('poster')]) {
          const response = await page.request.get(new URL(src, server.baseUrl).toString());
          assert.equal(response.status(), 200, src);
          bytes += (await response.body()).length;
        }
        assert.ok(bytes < 1.5 * 1024 * 1024, `the example's files weigh ${bytes} bytes`);
        await shot('example-playing');
        assert.deepEqual(await axeViolations(page), [], 'the landing page with its example playing has no axe violations');
        await video.evaluate((el) => el.pause());
      });

      await t.test('sign in on the create screen', async () => {
        await page.goto(`${server.baseUrl}/create/lesson`);
        await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
        await signInThroughPopup(page, { email: `e2e-${randomBytes(6).toString('hex')}@example.com`, name: 'Tess Typer' });
        await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
        // The welcome toast covers neither the page's heading nor Generate.
        const welcome = page.locator('.toast').filter({ hasText: 'Welcome to Lectern' });
        await welcome.waitFor({ timeout: TIMEOUT });
        const toast = await welcome.boundingBox();
        for (const [what, target] of [
          ['the heading', page.getByRole('heading', { level: 1 })],
          ['Generate', page.getByRole('button', { name: /^Generate/ })],
        ]) {
          await target.scrollIntoViewIfNeeded();
          const box = await target.boundingBox();
          assert.ok(!intersects(toast, box), `the toast ${JSON.stringify(toast)} is clear of ${what} ${JSON.stringify(box)}`);
        }
        await shot('welcome-toast');
      });

      await t.test('an emoji is named as it is typed, in words, and counted as one character', async () => {
        const topic = page.getByLabel('What should the video explain?');
        await topic.fill('Volcanoes 🌋🌋');
        const error = page.locator('.field__error');
        await error.waitFor({ timeout: TIMEOUT });
        const said = await error.innerText();
        assert.match(said, /“🌋” cannot be drawn on the video's slides/);
        assert.doesNotMatch(said, /U\+|body\./);
        assert.equal((await page.getByTestId('field-count').innerText()).trim(), '12/500');
        await shot('emoji-error');
        assert.deepEqual(await axeViolations(page), [], 'the form with its error has no axe violations');
      });

      await t.test('the typed topic survives a reload', async () => {
        const topic = page.getByLabel('What should the video explain?');
        await topic.fill('Volcanoes of Iceland');
        await page.reload();
        await page.getByLabel('What should the video explain?').waitFor({ timeout: TIMEOUT });
        assert.equal(await page.getByLabel('What should the video explain?').inputValue(), 'Volcanoes of Iceland');
      });

      assert.deepEqual(pageErrors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });
}
