// The journey of issue 19, as a new user meets the product at 1280x800 and on a 390x844 phone:
// the AI Generation Queue never covers the page and folds when nothing runs; the create screen
// says what a job will be and what it costs; a cancel asks first and refunds visibly; an
// over-long topic is refused; a video has one title; a phone shows the essentials first.
//   npm run build && node --test e2e/experience.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TOPIC = 'How vaccines work';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

const { server, browser } = await startJourney({ workers: 1 });
const email = `e2e-experience-${randomBytes(6).toString('hex')}@example.com`;
const shot = (page, name, fullPage = false) => page.screenshot({ path: join(RESULTS, `e2e-experience-${name}.png`), fullPage });

/** Page-coordinate boxes of two locators, after `target` is scrolled into view. */
async function boxes(page, panel, target) {
  await target.scrollIntoViewIfNeeded();
  const [a, b] = await Promise.all([panel.boundingBox(), target.boundingBox()]);
  assert.ok(a && b, 'both elements are laid out');
  return [a, b];
}

const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The queue panel (or its button) and `target` do not overlap on screen, with `target` in view. */
async function assertClear(page, panel, target, what) {
  const [a, b] = await boxes(page, panel, target);
  assert.ok(!intersects(a, b), `the queue ${JSON.stringify(a)} does not cover ${what} ${JSON.stringify(b)}`);
  // And nothing else is painted over the target's centre.
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top === el || el.contains(top);
  });
  assert.ok(hit, `${what} is the topmost element at its centre`);
}

async function startVideo(page, topic, minutes = 1) {
  await page.getByLabel('What should the video explain?').fill(topic);
  await page.getByLabel('Length').fill(String(minutes));
  const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Generate (video|offline draft)/ }).click();
  const response = await started;
  assert.equal(response.status(), 202, await response.text());
  return (await response.json()).job_id;
}

async function balance(page, text) {
  await page.getByTestId('credit-balance').filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
}

test('desktop 1280x800: honest create screen, a docked queue, a confirmed cancel and one title', async (t) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const generateRequests = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/video/generate') && r.method() === 'POST') generateRequests.push(r);
  });
  let jobId;
  let libraryTitle;

  try {
    await t.test('sign in on the create screen', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Erin Experience' });
      await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
      await balance(page, '10 credits');
    });

    await t.test('before charging, the screen says the job will be an offline draft and what it costs', async () => {
      const notice = page.getByTestId('writer-notice');
      await notice.filter({ hasText: 'You will get an offline draft' }).waitFor({ timeout: TIMEOUT });
      assert.match(await notice.innerText(), /It costs 1 credit\./);
      await page.getByRole('button', { name: 'Generate offline draft' }).waitFor();
      // The welcome toast of a new account never hides the notice, the cost or Generate.
      const welcome = page.locator('.toast').filter({ hasText: 'Welcome to Lectern' });
      await welcome.waitFor({ timeout: TIMEOUT });
      const order = await page.locator('.order-card').boundingBox();
      assert.ok(order, 'the order card is on the page');
      assert.ok(!intersects(order, await welcome.boundingBox()), 'the toast is clear of the order card');
      await shot(page, 'create-desktop', true);
    });

    await t.test('a pasted 5,000-character topic is refused with a message, not cut to 500', async () => {
      const field = page.getByLabel('What should the video explain?');
      await field.fill('x'.repeat(5000));
      assert.equal((await field.inputValue()).length, 5000, 'the text is kept whole');
      const error = page.getByText('This is 5,000 characters; the limit is 500. Shorten it by 4,500 characters.');
      await error.waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      await page.getByRole('button', { name: /Generate/ }).click();
      await page.waitForTimeout(500);
      assert.equal(generateRequests.length, 0, 'nothing was sent, nothing charged');
      assert.ok(await field.evaluate((el) => el === document.activeElement), 'the field has the focus');
      await balance(page, '10 credits');
      await shot(page, 'create-too-long-desktop');
    });

    await t.test('generate: the queue docks beside the page and never covers Generate', async () => {
      jobId = await startVideo(page, TOPIC);
      await balance(page, '9 credits');
      const panel = page.getByTestId('queue-panel');
      await panel.getByText(TOPIC).waitFor({ timeout: TIMEOUT });
      await assertClear(page, panel, page.getByRole('button', { name: /Generate/ }), 'the Generate button');
      await assertClear(page, panel, page.getByLabel('What should the video explain?'), 'the topic field');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'queue-desktop');
    });

    await t.test('cancel asks first, then says "Cancelled, 1 credit refunded" calmly and the balance follows at once', async () => {
      await startVideo(page, 'A job to cancel');
      await balance(page, '8 credits');
      const panel = page.getByTestId('queue-panel');
      await panel.getByRole('button', { name: 'Cancel A job to cancel' }).click();
      const confirm = panel.getByRole('group', { name: 'Cancel A job to cancel?' });
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /Its 1 credit will be refunded/);
      await page.waitForTimeout(300);
      assert.match(await panel.getByTestId('queue-item').filter({ hasText: 'A job to cancel' }).getByTestId('queue-item-state').innerText(), /Queued|Processing/, 'one click cancels nothing');
      await balance(page, '8 credits');
      await confirm.getByRole('button', { name: 'Yes, cancel' }).click();

      // The balance in the navigation follows without a reload.
      await balance(page, '9 credits');
      const refund = page.getByTestId('cancelled-refund');
      await refund.waitFor({ timeout: TIMEOUT });
      assert.equal((await refund.innerText()).trim(), 'Cancelled, 1 credit refunded');
      const banner = page.getByTestId('generation-status');
      assert.match((await banner.getAttribute('class')) ?? '', /gen-status--cancelled/);
      assert.doesNotMatch(await banner.innerText(), /could not be created/);

      // The toast about it stacks clear of the docked panel.
      const toast = page.locator('.toast').filter({ hasText: 'Cancelled, 1 credit refunded' });
      await toast.waitFor({ timeout: TIMEOUT });
      const [a, b] = await Promise.all([panel.boundingBox(), toast.boundingBox()]);
      assert.ok(!intersects(a, b), `the toast ${JSON.stringify(b)} is clear of the queue ${JSON.stringify(a)}`);
      await shot(page, 'cancelled-desktop');
    });

    await t.test('the finished job says "Ready to watch" and the queue folds into a button with 0 active jobs', async () => {
      // Nothing runs once the first job ends: the panel folds by itself.
      await page.getByTestId('queue-panel').waitFor({ state: 'detached', timeout: RENDER_TIMEOUT });
      const toggle = page.getByTestId('queue-toggle');
      assert.equal((await toggle.getByTestId('queue-active-count').innerText()).trim(), '0');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      const nav = await page.locator('header.topnav').boundingBox();
      const pill = await toggle.boundingBox();
      assert.ok(pill.y >= nav.y && pill.y + pill.height <= nav.y + nav.height, 'the minimised queue sits in the navigation');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'queue-folded-desktop');

      await toggle.click();
      const item = page.getByTestId('queue-panel').getByTestId('queue-item').filter({ hasText: TOPIC });
      const outcome = await item.getByTestId('queue-item-outcome').innerText();
      assert.match(outcome, /^Ready to watch/, outcome);
      assert.equal((await item.getByTestId('queue-item-state').innerText()).trim(), 'Ready');
    });

    await t.test('the player: the open queue does not cover the transcript', async () => {
      await page.getByTestId('queue-panel').getByTestId('queue-item').filter({ hasText: TOPIC }).getByRole('link', { name: /Watch/ }).click();
      await page.waitForURL(new RegExp(`/video/${jobId}$`), { timeout: TIMEOUT });
      await page.getByTestId('video').waitFor({ timeout: TIMEOUT });
      const transcript = page.getByRole('list', { name: 'Transcript' });
      await transcript.waitFor({ timeout: TIMEOUT });
      const panel = page.getByTestId('queue-panel');
      await panel.waitFor();
      await assertClear(page, panel, transcript, 'the transcript');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'player-desktop');
    });

    await t.test('the library: the queue does not cover a card delete button; the Ready chip leaves the thumbnail alone', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Lessons' }).click();
      await page.waitForURL(/\/library\/lessons$/, { timeout: TIMEOUT });
      const card = page.getByTestId('media-card').first();
      await card.waitFor({ timeout: TIMEOUT });
      libraryTitle = (await card.locator('.media-card__title').innerText()).trim();
      const panel = page.getByTestId('queue-panel');
      await panel.waitFor();
      await assertClear(page, panel, card.getByRole('button', { name: /^Delete / }), 'the delete button');
      const ready = card.getByText('Ready', { exact: true });
      const [chip, thumb] = await Promise.all([ready.boundingBox(), card.locator('.media-card__media').boundingBox()]);
      assert.ok(!intersects(chip, thumb), 'the Ready chip is not painted on the thumbnail');
      await shot(page, 'library-desktop');
    });

    await t.test('one title: the player by its URL, after a reload, shows the library title and description', async () => {
      await page.goto(`${server.baseUrl}/video/${jobId}`);
      const heading = page.getByRole('heading', { level: 1 });
      await page.waitForFunction(
        (expected) => document.querySelector('h1')?.textContent?.trim() === expected,
        libraryTitle,
        { timeout: TIMEOUT },
      );
      assert.equal((await heading.innerText()).trim(), libraryTitle);
      assert.ok((await page.locator('.player-page__description').innerText()).trim().length > 0, 'the stored description is shown');
      await page.reload();
      await page.waitForFunction((expected) => document.querySelector('h1')?.textContent?.trim() === expected, libraryTitle, {
        timeout: TIMEOUT,
      });
    });

    await t.test('keyboard and axe: the queue button, the panel and the create screen', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.getByTestId('queue-toggle').waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await axeViolations(page), [], 'the create screen has no axe violations');
      await page.getByTestId('queue-toggle').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('queue-panel').waitFor();
      // The panel fades in: colours are measured once its animations have finished.
      await page
        .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5000 })
        .catch(() => undefined);
      assert.deepEqual(await axeViolations(page), [], 'the open queue has no axe violations');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Minimise the queue');
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement);
        return { outline: style.outlineStyle, shadow: style.boxShadow };
      });
      assert.ok(ring.outline !== 'none' || ring.shadow !== 'none', `the focused button shows its focus: ${JSON.stringify(ring)}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('queue-panel').waitFor({ state: 'detached' });
      // Focus goes back to the toggle on the next animation frame, after the panel is gone.
      await page
        .waitForFunction(() => document.activeElement?.dataset.testid === 'queue-toggle', null, { timeout: 5000 })
        .catch(() => undefined);
      const focused = await page.evaluate(() => ({
        testid: document.activeElement?.dataset.testid,
        html: document.activeElement?.outerHTML.slice(0, 200),
      }));
      assert.equal(focused.testid, 'queue-toggle', `focus is on ${focused.html}`);
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await shot(page, 'desktop-failure', true).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});

test('phone 390x844: type, topic and Generate on the first screen; the queue opens in the page; the answer sits under the video', async (t) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  try {
    await t.test('sign in again on the phone', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Erin Experience' });
      await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
      await balance(page, '9 credits');
    });

    await t.test('the create form fits type, topic and Generate in the first viewport', async () => {
      await page.getByTestId('writer-notice').filter({ hasText: /offline draft/ }).waitFor({ timeout: TIMEOUT });
      await page.evaluate(() => window.scrollTo(0, 0));
      const viewport = page.viewportSize();
      for (const [what, locator] of [
        ['the type selector', page.getByRole('navigation', { name: 'What to create' })],
        ['the topic field', page.getByLabel('What should the video explain?')],
        ['the Generate button', page.getByRole('button', { name: /Generate/ })],
      ]) {
        const box = await locator.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${what} ${JSON.stringify(box)} is within the first screen`);
      }
      await shot(page, 'create-phone');
    });

    await t.test('the queue opens inside the page from its button and covers nothing; a cancel refunds', async () => {
      // Nine minutes (still 1 credit): a 1-minute offline draft can be finished before the
      // queue is open, and a finished job has nothing to cancel.
      await startVideo(page, 'A phone job to cancel', 9);
      await balance(page, '8 credits');
      const toggle = page.getByTestId('queue-toggle');
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const panel = page.getByTestId('queue-panel');
      await panel.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'queue-phone');
      await assertClear(page, panel, page.getByRole('button', { name: /Generate/ }), 'the Generate button');
      await panel.getByRole('button', { name: 'Cancel A phone job to cancel' }).click();
      await panel.getByRole('button', { name: 'Yes, cancel' }).click();
      await balance(page, '9 credits');
      await page.getByTestId('cancelled-refund').filter({ hasText: 'Cancelled, 1 credit refunded' }).waitFor({ timeout: TIMEOUT });
    });

    await t.test('a solved problem: its answer box sits right under the video, before the transcript', async () => {
      await page.goto(`${server.baseUrl}/create/problem`);
      await page.getByLabel('What problem should be solved?').fill('2x + 3 = 11');
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Solve step by step/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const jobId = (await response.json()).job_id;
      const status = page.getByTestId('generation-status');
      await status.getByText(/Problem solved! Ready to watch|could not be solved/).first().waitFor({ timeout: RENDER_TIMEOUT });
      assert.match(await status.innerText(), /Problem solved! Ready to watch/);

      await page.goto(`${server.baseUrl}/video/${jobId}`);
      const video = page.getByTestId('video');
      await video.waitFor({ timeout: TIMEOUT });
      const answer = page.getByRole('region', { name: 'Solution' });
      await answer.waitFor({ timeout: TIMEOUT });
      const transcript = page.getByRole('list', { name: 'Transcript' });
      await transcript.waitFor({ timeout: TIMEOUT });
      const [v, a, tr] = await Promise.all([video.boundingBox(), answer.boundingBox(), transcript.boundingBox()]);
      assert.ok(a.y > v.y + v.height, 'the answer comes after the video');
      assert.ok(a.y - (v.y + v.height) < 160, `only the playback bar sits between video and answer (${a.y - (v.y + v.height)} px)`);
      assert.ok(a.y < tr.y, 'the answer comes before the transcript');
      await shot(page, 'player-phone', true);
    });

    await t.test('the library on the phone', async () => {
      await page.goto(`${server.baseUrl}/library/lessons`);
      await page.getByTestId('media-card').first().waitFor({ timeout: TIMEOUT });
      await shot(page, 'library-phone');
      assert.deepEqual(await axeViolations(page), [], 'the library has no axe violations');
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await shot(page, 'phone-failure', true).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
