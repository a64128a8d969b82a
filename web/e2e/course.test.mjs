// The journey of issue 7: sign in, create a course from a learning goal, follow it in the AI
// Generation Queue, open it, generate all its lessons at once, watch each lesson's status
// reach Ready (the page refreshes itself after each lesson completes), play lesson 2, watch it to
// the end and see the course count it (issue 17), answer its questions (one right, one wrong),
// rewatch, see the score on the course page after a reload, export the course for an LMS and play
// lesson 2 in a SCORM harness, publish the course, and watch lesson 2 again as a visitor from the
// explore catalogue.
// Runs against the real server, its in-process workers, the offline course writer and the
// real rendering pipeline:
//   npm run build && node --test e2e/course.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { readHarness, scoFrame, serveScormPackage, unzipPackage } from './scorm-harness.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Planning the course, then rendering every lesson video on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 20 * 60_000);
const GOAL = 'Understand how vaccines train the immune system';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const { server, browser } = await startJourney({ workers: 2 });

test('a learner creates a course, opens it, generates all its lessons and plays lesson 2', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-course-${randomBytes(6).toString('hex')}@example.com`;
  let courseId;
  let lessonTitles;

  try {
    await t.test('sign in and fill in the course form', async () => {
      await page.goto(`${server.baseUrl}/courses/new`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Cora Course' });
      await page.waitForURL(/\/courses\/new$/, { timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
      await page.getByLabel('What do you want to learn?').fill(GOAL);
      await page.getByLabel('What do you already know?').fill('High-school biology');
      await page.getByRole('radio', { name: /Standard/ }).check();
      assert.match(await page.getByTestId('course-cost').innerText(), /3 credits/);
      await page.screenshot({ path: join(RESULTS, 'e2e-course-create.png'), fullPage: true });
    });

    await t.test('generate the course: it is queued under its goal and charged 3 credits', async () => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/generate-course') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate course/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const panel = page.getByTestId('queue-panel');
      await page.getByTestId('credit-balance').filter({ hasText: '7 credits' }).waitFor({ timeout: TIMEOUT });
      // An offline draft can finish before the panel is ever seen open, so the journey waits for
      // the outcome, not for the running state: once nothing runs the panel folds into its button
      // and the create page says the course is ready.
      await page.getByTestId('generation-status').getByRole('link', { name: /Open course/ }).waitFor({ timeout: RENDER_TIMEOUT });
      await panel.waitFor({ state: 'detached', timeout: TIMEOUT });
      assert.equal((await page.getByTestId('queue-active-count').innerText()).trim(), '0');
      // Unfolded, the queue keeps the finished course under its goal.
      await page.getByTestId('queue-toggle').click();
      const item = panel.getByTestId('queue-item').filter({ hasText: GOAL });
      await item.waitFor({ timeout: TIMEOUT });
      await item.getByTestId('queue-item-outcome').waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-course-queued.png') });
      await page.getByRole('button', { name: 'Minimise the queue' }).click();
      await panel.waitFor({ state: 'detached', timeout: TIMEOUT });
    });

    await t.test('open the course: five lessons, none with a video yet', async () => {
      await page.getByTestId('generation-status').getByRole('link', { name: /Open course/ }).click();
      await page.waitForURL(/\/courses\/[0-9a-f-]{36}$/, { timeout: TIMEOUT });
      courseId = new URL(page.url()).pathname.split('/').pop();
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByText('Offline draft').first().waitFor();
      const lessons = page.getByRole('list', { name: 'Lessons' }).getByTestId('lesson');
      await lessons.first().waitFor({ timeout: TIMEOUT });
      assert.equal(await lessons.count(), 5);
      const statuses = await lessons.getByTestId('lesson-status').allInnerTexts();
      assert.deepEqual(statuses.map((s) => s.trim()), Array(5).fill('No video yet'));
      lessonTitles = await lessons.locator('.lesson__title').allInnerTexts();
      const cover = page.locator('.course__cover img');
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await cover.elementHandle(), { timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-course-detail.png'), fullPage: true });
    });

    await t.test('generate all lessons at once: five queue items, free', async () => {
      const started = page.waitForResponse(
        (r) => r.url().endsWith('/api/generate-all-lesson-videos') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Generate all lessons (5)' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const body = await response.json();
      assert.equal(body.job_ids.length, 5);
      assert.deepEqual(response.request().postDataJSON().lesson_indices, [0, 1, 2, 3, 4]);
      const panel = page.getByTestId('queue-panel');
      await panel.getByText(/^Lesson 2 · .*0 credits$/).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: /Every lesson has its video|Starting/ }).waitFor({ timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '7 credits');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(RESULTS, 'e2e-course-generating.png'), fullPage: true });
    });

    await t.test('every lesson reaches Ready on the course page', async () => {
      const statuses = page.getByRole('list', { name: 'Lessons' }).getByTestId('lesson-status');
      const deadline = Date.now() + RENDER_TIMEOUT;
      for (;;) {
        const texts = (await statuses.allInnerTexts()).map((s) => s.trim());
        if (texts.every((s) => s === 'Ready')) break;
        if (texts.includes('Failed')) {
          assert.fail(`a lesson failed: ${await page.getByRole('list', { name: 'Lessons' }).innerText()}`);
        }
        if (Date.now() > deadline) assert.fail(`the lessons did not finish: ${texts.join(', ')}`);
        await page.waitForTimeout(2000);
      }
      assert.match(await page.getByTestId('course-ready-count').innerText(), /5 of 5/);
      await page.screenshot({ path: join(RESULTS, 'e2e-course-ready.png'), fullPage: true });
    });

    await t.test('play lesson 2', async () => {
      const title = lessonTitles[1].replace(/^Lesson 2:\s*/, '').trim();
      await page.getByRole('link', { name: `Watch lesson 2: ${title}` }).click();
      await page.waitForURL(/\/video\/[0-9a-f-]{36}$/, { timeout: TIMEOUT });
      // The route changes before the lazily loaded video page replaces the course page.
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: TIMEOUT });
      const video = page.getByTestId('video');
      await video.waitFor({ timeout: TIMEOUT });
      const played = await video.evaluate(async (el) => {
        el.muted = true;
        await el.play();
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && el.currentTime <= 1) await new Promise((r) => setTimeout(r, 200));
        el.pause();
        const cue = el.textTracks[0]?.activeCues?.[0]?.text ?? null;
        return { time: el.currentTime, width: el.videoWidth, cue, error: el.error?.message ?? null };
      });
      assert.ok(played.time > 1, `the lesson played: ${JSON.stringify(played)}`);
      assert.ok(played.width > 0, 'the video decoded');
      await page.screenshot({ path: join(RESULTS, 'e2e-course-lesson-2.png') });

      // Back goes to the course.
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(new RegExp(`/courses/${courseId}$`), { timeout: TIMEOUT });
    });

    await t.test('watch lesson 2 to the end: the course counts it completed, also after a reload', async () => {
      const summary = page.getByTestId('course-summary');
      await summary.waitFor({ timeout: TIMEOUT });
      assert.equal((await summary.innerText()).trim(), '0 of 5 lessons completed');
      const title = lessonTitles[1].replace(/^Lesson 2:\s*/, '').trim();
      // The player reports once it knows the video is the learner's own (and asks for its progress).
      const asked = page.waitForResponse((r) => /\/api\/video\/[^/]+\/progress$/.test(r.url()) && r.request().method() === 'GET', {
        timeout: TIMEOUT,
      });
      await page.getByRole('link', { name: `Watch lesson 2: ${title}` }).click();
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: TIMEOUT });
      const video = page.getByTestId('video');
      await video.waitFor({ timeout: TIMEOUT });
      assert.equal((await asked).status(), 200);
      const completed = page.waitForResponse(
        async (r) => /\/api\/video\/[^/]+\/progress$/.test(r.url()) && r.request().method() === 'POST' && (await r.json()).completed,
        { timeout: 60_000 },
      );
      const ended = await video.evaluate(async (el) => {
        el.muted = true;
        if (!(el.duration > 0)) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
        el.currentTime = Math.max(0, el.duration - 1.5);
        await el.play();
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline && !el.ended) await new Promise((r) => setTimeout(r, 100));
        return { ended: el.ended, time: el.currentTime, duration: el.duration };
      });
      assert.ok(ended.ended, `lesson 2 played to its end: ${JSON.stringify(ended)}`);
      const stored = await (await completed).json();
      assert.ok(stored.furthest_seconds >= stored.duration_seconds * 0.9, JSON.stringify(stored));

      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(new RegExp(`/courses/${courseId}$`), { timeout: TIMEOUT });
      await summary.filter({ hasText: /^1 of 5 lessons completed$/ }).waitFor({ timeout: TIMEOUT });
      await page.reload();
      await summary.waitFor({ timeout: TIMEOUT });
      assert.equal((await summary.innerText()).trim(), '1 of 5 lessons completed');
      const bar = page.getByRole('progressbar', { name: 'Lessons completed' });
      assert.deepEqual(
        await Promise.all(['aria-valuenow', 'aria-valuemin', 'aria-valuemax'].map((a) => bar.getAttribute(a))),
        ['1', '0', '5'],
      );
      const rows = page.getByRole('list', { name: 'Lessons' }).getByTestId('lesson');
      const marked = await rows.evaluateAll((items) => items.map((li) => li.querySelector('[data-testid="lesson-completed"]')?.textContent ?? null));
      assert.deepEqual(marked, [null, 'Completed', null, null, null]);

      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        assert.deepEqual(await axeViolations(page), [], `no axe violations on the course page with its progress (${name})`);
        // The desktop shot shows the whole page, lesson 2's check mark with it.
        await page.getByRole('region', { name: 'Your progress' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(RESULTS, `e2e-course-progress-${name}.png`), fullPage: name === 'desktop' });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    await t.test('answer lesson 2’s questions, one right and one wrong, and rewatch: the course page shows the score after a reload', async () => {
      const title = lessonTitles[1].replace(/^Lesson 2:\s*/, '').trim();
      const transcript = page.waitForResponse((r) => r.url().includes('/api/media/transcript/'), { timeout: TIMEOUT });
      await page.getByRole('link', { name: `Watch lesson 2: ${title}` }).click();
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: TIMEOUT });
      const checkpoints = [...((await (await transcript).json()).checkpoints ?? [])].sort((a, b) => a.at - b.at);
      assert.ok(checkpoints.length >= 2 && checkpoints.length <= 4, `lesson 2 asks 2 to 4 questions: ${JSON.stringify(checkpoints)}`);
      const [first, second] = checkpoints;
      const video = page.getByTestId('video');
      const playInto = (at) =>
        video.evaluate(async (el, to) => {
          el.muted = true;
          if (!(el.duration > 0)) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
          el.currentTime = Math.max(0, to - 1.5);
          if (el.seeking) await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
          await el.play();
        }, at);
      const question = (c) => page.getByRole('dialog', { name: new RegExp(`^Question ${c.index + 1} of ${checkpoints.length}$`) });
      const reported = (c, correct) =>
        page.waitForResponse(
          (r) =>
            /\/api\/video\/[^/]+\/progress$/.test(r.url()) &&
            r.request().method() === 'POST' &&
            (r.request().postDataJSON().checkpoints ?? []).some((a) => a.question === c.index && a.correct === correct),
          // As for the completion report above: under the whole suite's load on 2 cores, one
          // answer's report once took longer than TIMEOUT to be answered.
          { timeout: 60_000 },
        );

      // The first, answered right.
      await playInto(first.at);
      let dialog = question(first);
      await dialog.waitFor({ timeout: TIMEOUT });
      assert.ok(await video.evaluate((el) => el.paused), 'playback pauses at the question');
      let report = reported(first, true);
      if (first.kind === 'choice') await dialog.getByRole('radio', { name: first.options[first.answer], exact: true }).check();
      else await dialog.getByRole('textbox').fill(String(first.value));
      await dialog.getByRole('button', { name: 'Check answer' }).click();
      await dialog.getByRole('status').getByText('Correct', { exact: true }).waitFor({ timeout: TIMEOUT });
      assert.equal((await report).status(), 200);
      await page.screenshot({ path: join(RESULTS, 'e2e-course-checkpoint-right.png') });
      await dialog.getByRole('button', { name: /Continue/ }).click();
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });

      // The second, answered wrong: the right answer is shown; "Rewatch this part" goes back to its scene.
      await playInto(second.at);
      dialog = question(second);
      await dialog.waitFor({ timeout: TIMEOUT });
      report = reported(second, false);
      if (second.kind === 'choice') {
        await dialog.getByRole('radio', { name: second.options[(second.answer + 1) % second.options.length], exact: true }).check();
      } else {
        await dialog.getByRole('textbox').fill(String(second.value + second.tolerance + 1 + Math.abs(second.value)));
      }
      await dialog.getByRole('button', { name: 'Check answer' }).click();
      await dialog.getByRole('status').getByText(/^Not quite — the answer is /).waitFor({ timeout: TIMEOUT });
      assert.equal((await report).status(), 200);
      await page.screenshot({ path: join(RESULTS, 'e2e-course-checkpoint-wrong.png') });
      await dialog.getByRole('button', { name: /Rewatch this part/ }).click();
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      const rewound = await video.evaluate((el) => el.currentTime);
      assert.ok(Math.abs(rewound - second.rewatch_from) < 1.5, `rewatching from ${second.rewatch_from}, at ${rewound}`);
      await video.evaluate((el) => el.pause());

      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(new RegExp(`/courses/${courseId}$`), { timeout: TIMEOUT });
      await page.reload();
      const summary = page.getByTestId('course-summary');
      await summary.waitFor({ timeout: TIMEOUT });
      assert.equal((await summary.innerText()).trim(), '1 of 5 lessons completed, 50% of checkpoints');
    });

    await t.test('export the course for an LMS and play lesson 2 in a SCORM harness that records the LMS calls', async () => {
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: /Export for LMS/ }).click();
      const file = await download;
      const bytes = await readFile(await file.path());
      const dir = await mkdtemp(join(tmpdir(), 'lectern-e2e-scorm-'));
      await unzipPackage(bytes, dir);
      const manifest = await readFile(join(dir, 'imsmanifest.xml'), 'utf8');
      assert.equal(manifest.match(/adlcp:scormtype="sco"/g)?.length, 5, manifest);
      const lms = await serveScormPackage(dir);
      const lmsPage = await context.newPage();
      try {
        await lmsPage.goto(lms.harnessUrl('lesson-02/index.html', { store: 'course-journey', fresh: true }));
        const frame = await scoFrame(lmsPage);
        const title = lessonTitles[1].replace(/^Lesson 2:\s*/, '').trim();
        await frame.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: TIMEOUT });
        const ended = await frame.locator('video').evaluate(async (el) => {
          el.muted = true;
          if (!(el.duration > 0)) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
          el.currentTime = Math.max(0, el.duration - 1.5);
          await el.play();
          const deadline = Date.now() + 30_000;
          while (Date.now() < deadline && !el.ended) await new Promise((r) => setTimeout(r, 100));
          return el.ended;
        });
        assert.ok(ended, 'the lesson played to its end in the LMS');
        const { calls } = await readHarness(lmsPage);
        const sets = (key) => calls.filter((c) => c.fn === 'LMSSetValue' && c.args[0] === key).map((c) => c.args[1]);
        assert.deepEqual(calls[0], { fn: 'LMSInitialize', args: [''], result: 'true' });
        assert.deepEqual(sets('cmi.core.lesson_status'), ['incomplete', 'completed']);
        assert.ok(calls.some((c) => c.fn === 'LMSCommit'), 'the SCO commits');
        await lmsPage.screenshot({ path: join(RESULTS, 'e2e-course-scorm-harness.png') });
      } finally {
        await lmsPage.close();
        await lms.close();
      }
    });

    await t.test('the course is in the library', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Courses' }).click();
      await page.waitForURL(/\/library\/courses$/, { timeout: TIMEOUT });
      const card = page.getByTestId('course-card').first();
      await card.waitFor({ timeout: TIMEOUT });
      assert.match(await card.innerText(), /5 lessons/);
    });

    await t.test('publish the course; a visitor opens it in explore and watches lesson 2', async () => {
      const card = page.getByTestId('course-card').first();
      const courseTitle = (await card.getByRole('heading').innerText()).trim();
      const saved = page.waitForResponse((r) => r.url().includes('/api/library/courses/') && r.request().method() === 'PATCH');
      await card.getByRole('button', { name: /Publish/ }).click();
      const patch = await saved;
      assert.equal(patch.status(), 200, await patch.text());
      await card.getByText('Public', { exact: true }).waitFor({ timeout: TIMEOUT });

      const visitorContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => pageErrors.push(error.message));
      const calls = [];
      visitor.on('request', (r) => {
        if (/\/api\/(video|media|public)\//.test(r.url())) calls.push(r);
      });
      try {
        await visitor.goto(server.baseUrl);
        const explore = visitor.getByRole('list', { name: 'Explore catalogue' });
        await explore.getByRole('button', { name: `Open ${courseTitle}` }).click();
        const dialog = visitor.getByRole('dialog', { name: courseTitle });
        await dialog.waitFor({ timeout: TIMEOUT });
        const lessons = dialog.getByRole('list', { name: 'Lessons' }).getByTestId('explore-lesson');
        await lessons.first().waitFor({ timeout: TIMEOUT });
        assert.equal(await lessons.count(), 5);
        const lesson2 = lessonTitles[1].replace(/^Lesson 2:\s*/, '').trim();
        assert.ok((await lessons.nth(1).innerText()).includes(lesson2), `lesson 2 is "${lesson2}"`);
        await dialog.getByRole('button', { name: 'Watch lesson 2' }).click();
        const played = await dialog.getByTestId('video').evaluate(async (el) => {
          el.muted = true;
          await el.play();
          const deadline = Date.now() + 15_000;
          while (Date.now() < deadline && el.currentTime <= 1) await new Promise((r) => setTimeout(r, 200));
          el.pause();
          return { time: el.currentTime, width: el.videoWidth, error: el.error?.message ?? null };
        });
        assert.ok(played.time > 1 && played.width > 0, `the visitor watched lesson 2: ${JSON.stringify(played)}`);
        await visitor.screenshot({ path: join(RESULTS, 'e2e-course-explore-visitor.png') });
        assert.ok(calls.length > 0, 'the course and its media came from the server');
        for (const request of calls) {
          assert.equal(request.headers().authorization, undefined, `${request.url()} was asked for without sign-in`);
        }
      } finally {
        await visitorContext.close();
      }
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-course-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
