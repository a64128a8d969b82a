// Issue 17: axe-core (WCAG 2.0-2.2 A and AA, best practices and the experimental rules, see
// axe.mjs) finds nothing on any page of the app, signed out and signed in, and in the states a
// page passes through: the landing page (empty, and with a published catalogue and its
// dialogs), sign-in, each library tab (empty and with items), each create screen, search,
// credits, the purchase confirmation, a course, the storyboard preview, a video's player
// (rendering, finished, a solution with its checked steps), the edit screen, the queue, the
// account menu, the credit balance while it loads, and the phone menu.
//   npm run build && node --test e2e/axe-pages.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Writing a script, solving a problem or rendering a 1-minute video on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const TOPIC = 'How to solve a quadratic equation';
const PROBLEM = '2x + 3 = 11';
const GOAL = 'Understand how vaccines train the immune system';

const { server, browser } = await startJourney({ workers: 1 });
const email = `e2e-axe-${randomBytes(6).toString('hex')}@example.com`;

/** Waits until the page is still (no requests, no running animations), then runs axe on it. */
async function assertNoViolations(page, where) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    const name = where.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    await page.screenshot({ path: join(RESULTS, `e2e-axe-${name}.png`), fullPage: true }).catch(() => undefined);
  }
  assert.deepEqual(violations, [], `axe violations on ${where} (${page.url()}):\n${JSON.stringify(violations, null, 2)}`);
}

async function visit(page, path, ready) {
  await page.goto(`${server.baseUrl}${path}`);
  await ready(page).waitFor({ timeout: TIMEOUT });
  await assertNoViolations(page, path);
}

const h1 = (page) => page.locator('h1:not([aria-busy])').first();

test('signed out: the landing page, sign-in and the phone menu', async (t) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  try {
    await t.test('/', () => visit(page, '/', (p) => p.getByRole('heading', { level: 1 })));
    await t.test('/auth', () => visit(page, '/auth', (p) => p.getByRole('button', { name: 'Continue with Google' })));
  } finally {
    await context.close();
  }
  const phone = await browser.newContext(PHONE);
  const phonePage = await phone.newPage();
  try {
    await t.test('/ on a phone, the menu open', async () => {
      await phonePage.goto(server.baseUrl);
      await phonePage.getByRole('button', { name: 'Open menu' }).click();
      await phonePage.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor({ timeout: TIMEOUT });
      await assertNoViolations(phonePage, '/ on a phone with the menu open');
    });
  } finally {
    await phone.close();
  }
});

test('signed in: every page, empty and then with a course, a lesson, a solution and a preview', async (t) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  let videoId;
  let solutionId;
  let courseTitle;

  try {
    await t.test('sign in', async () => {
      await page.goto(`${server.baseUrl}/library`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Ada Axe' });
      await page.waitForURL(/\/library$/, { timeout: TIMEOUT });
      await page.getByTestId('credit-balance').filter({ hasText: '10 credits' }).waitFor({ timeout: TIMEOUT });
    });

    const tabs = ['/library', '/library/courses', '/library/lessons', '/library/solutions'];
    for (const path of tabs) {
      await t.test(`${path}, empty`, () => visit(page, path, (p) => p.getByRole('navigation', { name: 'Library sections' })));
    }
    for (const path of ['/create', '/create/lesson', '/create/problem', '/create/course']) {
      await t.test(path, () => visit(page, path, (p) => p.getByRole('navigation', { name: 'What to create' })));
    }
    await t.test('/search?q=x', () => visit(page, '/search?q=x', (p) => p.getByRole('navigation', { name: 'Result types' })));
    await t.test('/credits', () => visit(page, '/credits', (p) => p.getByTestId('credits-available')));
    await t.test('/credits/success', () => visit(page, '/credits/success', (p) => p.getByTestId('credits-available')));

    await t.test('the credit balance while it loads', async () => {
      let release;
      const held = new Promise((r) => (release = r));
      const route = /\/api\/auth\/user\/[^/]+\/credits$/;
      await page.route(route, async (r) => {
        await held;
        // A request still held when the page moves on is gone by now.
        await r.continue().catch(() => undefined);
      });
      try {
        await page.goto(`${server.baseUrl}/credits`);
        await page.locator('.credit-pill--loading').waitFor({ timeout: TIMEOUT });
        await page.locator('.balance-card--loading').waitFor({ timeout: TIMEOUT });
        assert.deepEqual(await axeViolations(page), [], 'no axe violations while the balance loads');
      } finally {
        release();
        await page.unroute(route);
      }
    });

    await t.test('the account menu, open', async () => {
      await page.goto(`${server.baseUrl}/library`);
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menu', { name: 'Account' }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, 'the account menu');
      await page.keyboard.press('Escape');
    });

    await t.test('/create/problem: a solved problem, with the queue open', async () => {
      await page.goto(`${server.baseUrl}/create/problem`);
      await page.getByLabel('What problem should be solved?').fill(PROBLEM);
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Solve step by step/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      solutionId = (await response.json()).job_id;
      await page.getByTestId('queue-panel').waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, '/create/problem while solving, with the queue open');
      const status = page.getByTestId('generation-status');
      await status.getByText(/Problem solved! Ready to watch|could not be solved/).first().waitFor({ timeout: RENDER_TIMEOUT });
      assert.match(await status.innerText(), /Problem solved! Ready to watch/);
      await assertNoViolations(page, '/create/problem once solved');
    });

    await t.test('a solution in the player, its checked steps listed', async () => {
      await page.goto(`${server.baseUrl}/video/${solutionId}`);
      await page.getByTestId('video').waitFor({ timeout: TIMEOUT });
      await page.getByRole('region', { name: 'Solution' }).locator('.solution-steps__check').first().waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, `/video/${solutionId} (a solution)`);
    });

    await t.test('/create/course, then the course page', async () => {
      await page.goto(`${server.baseUrl}/create/course`);
      await page.getByLabel('What do you want to learn?').fill(GOAL);
      const started = page.waitForResponse((r) => r.url().endsWith('/api/generate-course') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate course/ }).click();
      assert.equal((await started).status(), 202);
      const open = page.getByTestId('generation-status').getByRole('link', { name: /Open course/ });
      await open.waitFor({ timeout: RENDER_TIMEOUT });
      await assertNoViolations(page, '/create/course once planned');
      await open.click();
      await page.waitForURL(/\/courses\/[0-9a-f-]{36}$/, { timeout: TIMEOUT });
      await page.getByRole('list', { name: 'Lessons' }).getByTestId('lesson').first().waitFor({ timeout: TIMEOUT });
      courseTitle = (await h1(page).innerText()).trim();
      await assertNoViolations(page, new URL(page.url()).pathname);
    });

    await t.test('/preview/:jobId, the storyboard editor', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      await page.getByRole('button', { name: 'Preview storyboard' }).click();
      await page.waitForURL(/\/preview\/[^/?]+/, { timeout: TIMEOUT });
      await page.getByTestId('scene-card').first().waitFor({ timeout: RENDER_TIMEOUT });
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="scene-card"]')].every((card) => card.querySelector('img')?.complete),
        null,
        { timeout: 120_000 },
      );
      await assertNoViolations(page, new URL(page.url()).pathname);
      await page.getByRole('button', { name: /Add scene/ }).click();
      await page.getByRole('list', { name: 'Scene kinds' }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, 'the preview with the scene kinds open');
      await page.keyboard.press('Escape');
    });

    await t.test('/video/:id while it renders, then finished', async () => {
      await page.getByRole('button', { name: 'Render this video' }).click();
      await page.waitForURL(/\/video\/[^/]+$/, { timeout: TIMEOUT });
      videoId = new URL(page.url()).pathname.split('/').pop();
      await h1(page).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, `/video/${videoId} while it renders`);
      await page.getByTestId('video').waitFor({ timeout: RENDER_TIMEOUT });
      await h1(page).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, `/video/${videoId}`);
      // The queue, open, with a solution, a course and a video in it.
      const toggle = page.getByTestId('queue-toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await page.getByTestId('queue-panel').getByTestId('queue-item').nth(2).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, `/video/${videoId} with the queue open`);
    });

    await t.test('/video/:id/edit', async () => {
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(/\/edit$/, { timeout: TIMEOUT });
      await page.getByTestId('scene-card').first().waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, `/video/${videoId}/edit`);
    });

    for (const path of tabs) {
      await t.test(`${path}, with items`, async () => {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByRole('navigation', { name: 'Library sections' }).waitFor({ timeout: TIMEOUT });
        await page.locator('[data-testid="media-card"], [data-testid="course-card"]').first().waitFor({ timeout: TIMEOUT });
        await assertNoViolations(page, `${path} with items`);
      });
    }

    await t.test('/library: renaming and deleting ask in place', async () => {
      await page.goto(`${server.baseUrl}/library/courses`);
      const card = page.getByTestId('course-card').first();
      await card.getByRole('button', { name: /^Rename / }).click();
      await card.getByRole('textbox').waitFor();
      await assertNoViolations(page, '/library/courses while renaming');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: /^Delete / }).click();
      await card.getByRole('group', { name: /^Delete .*\?$/ }).waitFor();
      await assertNoViolations(page, '/library/courses asking before a delete');
      await card.getByRole('button', { name: 'Keep' }).click();
    });

    await t.test('/search with results', () =>
      visit(page, `/search?q=${encodeURIComponent('quadratic')}`, (p) => p.locator('[data-testid="media-card"]').first()),
    );

    await t.test('publish a course, a lesson and a solution; a visitor sees the catalogue and its dialogs', async () => {
      for (const [path, testId] of [
        ['/library/courses', 'course-card'],
        ['/library/lessons', 'media-card'],
        ['/library/solutions', 'media-card'],
      ]) {
        await page.goto(`${server.baseUrl}${path}`);
        const card = page.getByTestId(testId).first();
        const saved = page.waitForResponse((r) => r.url().includes('/api/library/') && r.request().method() === 'PATCH');
        await card.getByRole('button', { name: /Publish/ }).click();
        assert.equal((await saved).status(), 200);
        await card.getByText('Public', { exact: true }).waitFor({ timeout: TIMEOUT });
      }
      await assertNoViolations(page, '/library/solutions with a published item');

      const visitorContext = await browser.newContext({ viewport: DESKTOP });
      const visitor = await visitorContext.newPage();
      try {
        await visitor.goto(server.baseUrl);
        const explore = visitor.getByRole('list', { name: 'Explore catalogue' });
        await explore.getByTestId('media-card').nth(1).waitFor({ timeout: TIMEOUT });
        await assertNoViolations(visitor, '/ with a published catalogue');

        await explore.getByRole('button', { name: `Open ${courseTitle}` }).click();
        const courseDialog = visitor.getByRole('dialog', { name: courseTitle });
        await courseDialog.getByTestId('explore-lesson').first().waitFor({ timeout: TIMEOUT });
        await assertNoViolations(visitor, '/ with a published course open');
        await visitor.keyboard.press('Escape');
        await courseDialog.waitFor({ state: 'detached', timeout: TIMEOUT });

        await explore.getByTestId('media-card').first().getByRole('button').first().click();
        const videoDialog = visitor.getByRole('dialog');
        await videoDialog.getByTestId('video').waitFor({ timeout: TIMEOUT });
        await assertNoViolations(visitor, '/ with a published video playing');
      } finally {
        await visitorContext.close();
      }
    });

    await t.test('/ signed in', () => visit(page, '/', (p) => p.getByTestId('credit-balance')));

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
