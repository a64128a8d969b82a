// The journey of issue 4: sign in, create a 1-minute explainer video, watch the AI Generation
// Queue take it to completed, play it with subtitles showing, find it in the library, and (issue 17)
// come back to it after a reload where it was paused.
// Runs against the real server, its in-process workers and the real rendering pipeline:
//   npm run build && node --test e2e/video.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Rendering a 1-minute video (storyboard, narration, slides, encode) on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TOPIC = 'How photosynthesis turns sunlight into sugar';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const { server, browser } = await startJourney({ workers: 1 });

test('a learner creates a 1-minute video, follows it in the queue, plays it with subtitles and finds it in the library', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-video-${randomBytes(6).toString('hex')}@example.com`;
  let jobId;
  let videoTitle;

  try {
    await t.test('sign in', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Vera Video' });
      await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
    });

    await t.test('fill in the create-lesson form and see the cost before submitting', async () => {
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByRole('radio', { name: /Beginner/ }).check();
      await page.getByLabel('Length').fill('10');
      assert.match(await page.getByTestId('video-cost').innerText(), /2 credits/);
      await page.getByLabel('Length').fill('1');
      assert.match(await page.getByTestId('video-cost').innerText(), /1 credit/);
      assert.equal(await page.getByRole('switch', { name: /Subtitles/ }).isChecked(), true);
      await page.screenshot({ path: join(RESULTS, 'e2e-video-create.png'), fullPage: true });
    });

    await t.test('submit: the job appears in the AI Generation Queue and is charged once', async () => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate (video|offline draft)/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      jobId = (await response.json()).job_id;
      assert.ok(jobId, 'the server answered a job id');

      const panel = page.getByTestId('queue-panel');
      await panel.waitFor({ timeout: TIMEOUT });
      await panel.getByRole('heading', { name: 'AI Generation Queue' }).waitFor();
      await panel.getByText(TOPIC).waitFor();
      await page.getByTestId('credit-balance').filter({ hasText: '9 credits' }).waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(RESULTS, 'e2e-video-queue-running.png') });
    });

    await t.test('the job completes: ready to watch, and the queue folds into its button', async () => {
      const status = page.getByTestId('generation-status');
      await status.getByText(/Ready to watch|could not be created|was cancelled/).first().waitFor({ timeout: RENDER_TIMEOUT });
      const final = await status.innerText();
      if (!/Ready to watch/.test(final)) assert.fail(`the job did not complete:\n${final}`);
      await page.getByTestId('queue-panel').waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByTestId('queue-toggle').click();
      const state = page.getByTestId('queue-panel').getByTestId('queue-item-state');
      assert.equal((await state.innerText()).trim(), 'Ready');
      await page.screenshot({ path: join(RESULTS, 'e2e-video-queue-completed.png') });
    });

    await t.test('play it in the player with subtitles showing', async () => {
      await page.getByRole('link', { name: /Watch now/ }).click();
      await page.waitForURL(new RegExp(`/video/${jobId}$`), { timeout: TIMEOUT });
      const video = page.getByTestId('video');
      await video.waitFor({ timeout: TIMEOUT });
      // The title is the library's stored one: wait until it has arrived (no longer busy).
      const heading = page.locator('h1:not([aria-busy])');
      await heading.waitFor({ timeout: TIMEOUT });
      videoTitle = (await heading.innerText()).trim();
      assert.notEqual(videoTitle, 'Video Processing...');

      await page.getByRole('list', { name: 'Transcript' }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('list', { name: 'Chapters' }).waitFor({ timeout: TIMEOUT });

      const subtitle = await video.evaluate(async (el) => {
        el.muted = true;
        await el.play();
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline) {
          const track = el.textTracks[0];
          const cue = track?.activeCues?.[0];
          if (track?.mode === 'showing' && cue && el.currentTime > 1) {
            el.pause();
            return { mode: track.mode, text: cue.text, time: el.currentTime, width: el.videoWidth };
          }
          await new Promise((r) => setTimeout(r, 200));
        }
        const track = el.textTracks[0];
        return { mode: track?.mode, text: null, time: el.currentTime, cues: track?.cues?.length ?? 0, error: el.error?.message };
      });
      assert.equal(subtitle.mode, 'showing', `subtitles are on by default: ${JSON.stringify(subtitle)}`);
      assert.ok(subtitle.text, `a subtitle cue is showing: ${JSON.stringify(subtitle)}`);
      assert.ok(subtitle.width > 0, 'the video decoded');
      await page.screenshot({ path: join(RESULTS, 'e2e-video-player.png') });
    });

    await t.test('the transcript seeks, the speed changes, the download is an attachment', async () => {
      const lines = page.getByRole('list', { name: 'Transcript' }).getByRole('button');
      assert.ok((await lines.count()) >= 2, 'the transcript has lines');
      const target = lines.nth(1);
      await target.click();
      const [time, start] = await Promise.all([
        page.getByTestId('video').evaluate((el) => el.currentTime),
        target.locator('.cue-list__time').innerText(),
      ]);
      const [m, s] = start.split(':').map(Number);
      assert.ok(Math.abs(time - (m * 60 + s)) < 1.5, `seeked to ${time}, line starts at ${start}`);
      await page.getByTestId('video').evaluate((el) => el.pause());
      assert.equal(await target.getAttribute('aria-current'), 'true');

      await page.getByLabel('Speed').selectOption('1.5');
      assert.equal(await page.getByTestId('video').evaluate((el) => el.playbackRate), 1.5);

      const href = await page.getByRole('link', { name: /Download video/ }).getAttribute('href');
      const download = await page.request.get(new URL(href, server.baseUrl).toString());
      assert.equal(download.status(), 200);
      assert.match(download.headers()['content-type'] ?? '', /video\/mp4/);
      assert.match(download.headers()['content-disposition'] ?? '', /attachment/);
      await page.screenshot({ path: join(RESULTS, 'e2e-video-player-transcript.png'), fullPage: true });
    });

    await t.test('progress: a pause is reported, and after a reload the player offers to resume there', async () => {
      const video = page.getByTestId('video');
      const progressUrl = new RegExp(`/api/video/${jobId}/progress$`);
      const target = await video.evaluate((el) => Math.max(12, Math.min(20, el.duration / 2)));
      const reported = page.waitForResponse(
        (r) => progressUrl.test(r.url()) && r.request().method() === 'POST' && r.request().postDataJSON().position_seconds > target,
        { timeout: TIMEOUT },
      );
      const paused = await video.evaluate(async (el, from) => {
        el.muted = true;
        el.currentTime = from;
        await el.play();
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && el.currentTime < from + 1.5) await new Promise((r) => setTimeout(r, 100));
        el.pause();
        return el.currentTime;
      }, target);
      const response = await reported;
      assert.equal(response.status(), 200, await response.text());
      const sent = response.request().postDataJSON();
      assert.ok(Math.abs(sent.position_seconds - paused) < 0.5, `reported ${sent.position_seconds}, paused at ${paused}`);
      assert.ok(sent.furthest_seconds >= sent.position_seconds, JSON.stringify(sent));
      assert.match(sent.recorded_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.match(response.request().headers().authorization ?? '', /^Bearer /);
      const stored = await response.json();
      assert.equal(stored.completed, false);
      assert.ok(stored.duration_seconds > target, JSON.stringify(stored));

      await page.reload();
      const resume = page.getByRole('button', { name: /^Resume at \d+:\d\d$/ });
      await resume.waitFor({ timeout: TIMEOUT });
      const seconds = Math.floor(sent.position_seconds);
      assert.equal((await resume.innerText()).trim(), `Resume at 0:${String(seconds).padStart(2, '0')}`);
      assert.ok((await video.evaluate((el) => el.currentTime)) < 1, 'the video does not jump by itself');
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        assert.deepEqual(await axeViolations(page), [], `no axe violations on the player with "Resume at" (${name})`);
        await page.screenshot({ path: join(RESULTS, `e2e-video-resume-${name}.png`) });
      }
      await page.setViewportSize({ width: 1366, height: 900 });

      // From the keyboard: it seeks there, goes away, and the video has the focus.
      await resume.focus();
      await page.keyboard.press('Enter');
      await resume.waitFor({ state: 'detached', timeout: TIMEOUT });
      const after = await video.evaluate((el) => {
        el.pause();
        return { time: el.currentTime, focused: document.activeElement === el };
      });
      assert.ok(Math.abs(after.time - sent.position_seconds) < 2, `resumed at ${after.time}, stopped at ${sent.position_seconds}`);
      assert.ok(after.focused, 'the video has the focus after resuming');
      // The reload folded the AI Generation Queue, which the journey goes on with: open it again.
      const toggle = page.getByTestId('queue-toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await page.getByTestId('queue-panel').waitFor({ timeout: TIMEOUT });
    });

    await t.test('find it in the library, with its thumbnail, and play it from there', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Lessons' }).click();
      await page.waitForURL(/\/library\/lessons$/, { timeout: TIMEOUT });
      const card = page.getByTestId('media-card').filter({ hasText: videoTitle });
      await card.waitFor({ timeout: TIMEOUT });
      await card.getByText('Ready').waitFor();
      const thumb = card.locator('img');
      await thumb.waitFor({ timeout: TIMEOUT });
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await thumb.elementHandle(), { timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-video-library.png') });

      await card.getByRole('link').click();
      await page.waitForURL(new RegExp(`/video/${jobId}$`), { timeout: TIMEOUT });
      await page.getByTestId('video').waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(/\/library\/lessons$/, { timeout: TIMEOUT });
    });

    await t.test('the finished job can be removed from the queue', async () => {
      const panel = page.getByTestId('queue-panel');
      await panel.getByRole('button', { name: /Remove .* from the queue/ }).click();
      await panel.waitFor({ state: 'detached', timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '9 credits');
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-video-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
