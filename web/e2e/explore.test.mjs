// The journey of issue 8: make a video, publish it from the library, sign out, find it in
// the explore catalogue on the landing page as a visitor, and play it there.
// Runs against the real server, its in-process worker and the real rendering pipeline:
//   npm run build && node --test e2e/explore.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Rendering a 1-minute video (storyboard, narration, slides, encode) on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TOPIC = 'Why the sky is blue';

const { server, browser } = await startJourney({ workers: 1 });

/** Plays a few seconds muted; returns what the element reports. */
async function playAndWatch(video) {
  return video.evaluate(async (el) => {
    el.muted = true;
    await el.play();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const track = el.textTracks[0];
      const cue = track?.activeCues?.[0];
      if (el.currentTime > 1.5 && el.videoWidth > 0 && cue) {
        el.pause();
        return { time: el.currentTime, width: el.videoWidth, cue: cue.text, mode: track.mode };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return { time: el.currentTime, width: el.videoWidth, cue: null, error: el.error?.message ?? null };
  });
}

test('a learner publishes a video; a visitor finds it in explore and plays it', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-explore-${randomBytes(6).toString('hex')}@example.com`;
  let jobId;
  let videoTitle;

  try {
    await t.test('sign in and make a 1-minute video', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Paula Publisher' });
      await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate (video|offline draft)/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      jobId = (await response.json()).job_id;

      const status = page.getByTestId('generation-status');
      await status.getByText(/Ready to watch|could not be created|was cancelled/).first().waitFor({ timeout: RENDER_TIMEOUT });
      const final = await status.innerText();
      if (!/Ready to watch/.test(final)) assert.fail(`the job did not complete:\n${final}`);
    });

    await t.test('nothing is public before publishing', async () => {
      const visitor = await browser.newContext();
      const listed = await visitor.request.get(`${server.baseUrl}/api/public/explore/videos?limit=50&offset=0`);
      assert.equal(listed.status(), 200);
      assert.deepEqual((await listed.json()).videos, []);
      const media = await visitor.request.get(`${server.baseUrl}/api/media/thumbnail/${jobId}`);
      assert.equal(media.status(), 404, 'a private thumbnail is not found by anyone but its owner');
      await visitor.close();
    });

    await t.test('publish it from the library', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.waitForURL(/\/library$/, { timeout: TIMEOUT });
      const card = page.getByTestId('media-card').first();
      await card.waitFor({ timeout: TIMEOUT });
      videoTitle = (await card.getByRole('heading').innerText()).trim();
      const saved = page.waitForResponse((r) => r.url().includes('/api/library/videos/') && r.request().method() === 'PATCH');
      await card.getByRole('button', { name: /Publish/ }).click();
      const patch = await saved;
      assert.equal(patch.status(), 200, await patch.text());
      assert.equal((await patch.json()).is_public, true);
      await card.getByText('Public', { exact: true }).waitFor({ timeout: TIMEOUT });
      await card.getByRole('button', { name: /Make private/ }).waitFor();
      await page.screenshot({ path: join(RESULTS, 'e2e-explore-published.png') });
    });

    await t.test('sign out', async () => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('link', { name: 'Log In' }).waitFor({ timeout: TIMEOUT });
      await page.waitForURL(new RegExp(`${server.baseUrl}/?$`), { timeout: TIMEOUT });
    });

    await t.test('as a visitor, find it in explore on the landing page and play it', async () => {
      const visitorContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => pageErrors.push(error.message));
      const mediaRequests = [];
      visitor.on('request', (r) => {
        if (r.url().includes('/api/video/') || r.url().includes('/api/media/')) mediaRequests.push(r);
      });
      try {
        await visitor.goto(server.baseUrl);
        const explore = visitor.getByRole('list', { name: 'Explore catalogue' });
        await explore.waitFor({ timeout: TIMEOUT });
        const card = explore.getByTestId('media-card').filter({ hasText: videoTitle });
        await card.waitFor({ timeout: TIMEOUT });
        const thumb = card.locator('img');
        await visitor.waitForFunction((el) => el.complete && el.naturalWidth > 0, await thumb.elementHandle(), { timeout: TIMEOUT });
        await explore.scrollIntoViewIfNeeded();
        await visitor.screenshot({ path: join(RESULTS, 'e2e-explore-visitor.png') });

        await card.getByRole('button', { name: `Play ${videoTitle}` }).click();
        const dialog = visitor.getByRole('dialog', { name: videoTitle });
        await dialog.waitFor({ timeout: TIMEOUT });
        const video = dialog.getByTestId('video');
        const watched = await playAndWatch(video);
        assert.ok(watched.width > 0, `the video decoded: ${JSON.stringify(watched)}`);
        assert.ok(watched.time > 1.5, `it played: ${JSON.stringify(watched)}`);
        assert.ok(watched.cue, `a subtitle cue showed: ${JSON.stringify(watched)}`);
        await dialog.getByRole('list', { name: 'Transcript' }).waitFor({ timeout: TIMEOUT });
        await visitor.screenshot({ path: join(RESULTS, 'e2e-explore-playing.png') });

        assert.ok(mediaRequests.length > 0, 'the media came from the server');
        for (const request of mediaRequests) {
          assert.equal(request.headers().authorization, undefined, `${request.url()} was asked for without sign-in`);
          assert.ok(!request.url().includes('?t='), `${request.url()} carries no media token`);
        }
        await visitor.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      } finally {
        await visitorContext.close();
      }
    });

    assert.deepEqual(pageErrors, [], 'the pages raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-explore-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
