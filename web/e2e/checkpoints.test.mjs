// The journeys of issue 17's checkpoint quizzes and embeds: sign in, create a 1-minute explainer,
// play it into its first question and answer it right from the keyboard, play into the second and
// answer it wrong, rewatch its scene (the question comes back), reload and find both answers kept;
// then publish the video, take its embed code, and play it framed by a page of another site, where
// the questions are asked too and nothing is reported.
// Runs against the real server, its in-process workers and the real rendering pipeline:
//   npm run build && LECTERN_BIN=... node --test --test-concurrency=1 e2e/checkpoints.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Rendering a 1-minute video (storyboard, narration, slides, encode) on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TOPIC = 'How a lever lets a small force lift a heavy load';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const { server, browser } = await startJourney({ workers: 1 });

// The owner's browser, signed in by the first journey and used again by the second.
const context = await browser.newContext({ viewport: DESKTOP });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
const page = await context.newPage();
const pageErrors = [];
page.on('pageerror', (error) => pageErrors.push(error.message));
after(() => context.close().catch(() => undefined));

/** What the two journeys share: the video the first one made. */
const made = { jobId: null, title: null, checkpoints: [] };

/** Plays the video muted from 1.5 s before `at` (a seek, then playback reaches `at` by itself). */
function playInto(video, at) {
  return video.evaluate(async (el, to) => {
    el.muted = true;
    el.currentTime = Math.max(0, to - 1.5);
    if (el.seeking) await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
    await el.play();
  }, at);
}

/** The open question, once playback has paused at it; checks where it paused. */
async function questionAt(page, video, checkpoint) {
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Question ${checkpoint.index + 1} of \\d+$`) });
  await dialog.waitFor({ timeout: TIMEOUT });
  const state = await video.evaluate((el) => ({ paused: el.paused, time: el.currentTime }));
  assert.ok(state.paused, `playback paused at the question: ${JSON.stringify(state)}`);
  assert.ok(state.time >= checkpoint.at - 0.05 && state.time < checkpoint.at + 1, `paused at ${state.time}, the question is at ${checkpoint.at}`);
  return dialog;
}

/** The progress report sent with this answer to this question. */
function reportOf(page, question, correct) {
  return page.waitForResponse(
    (r) =>
      /\/api\/video\/[^/]+\/progress$/.test(r.url()) &&
      r.request().method() === 'POST' &&
      (r.request().postDataJSON().checkpoints ?? []).some((c) => c.question === question && c.correct === correct),
    { timeout: TIMEOUT },
  );
}

/** A wrong answer to a question: another option, or a number well outside the tolerance. */
async function answerWrong(dialog, checkpoint) {
  if (checkpoint.kind === 'choice') {
    const other = checkpoint.options[(checkpoint.answer + 1) % checkpoint.options.length];
    await dialog.getByRole('radio', { name: other, exact: true }).check();
  } else {
    const wrong = checkpoint.value + (checkpoint.tolerance ?? 0) + Math.max(1, Math.abs(checkpoint.value));
    await dialog.getByRole('textbox').fill(String(wrong));
  }
  await dialog.getByRole('button', { name: 'Check answer' }).click();
  await dialog.getByRole('status').getByText(/^Not quite — the answer is /).waitFor({ timeout: TIMEOUT });
}

/** Whether box `inner` lies wholly inside box `outer` (a pixel's rounding allowed). */
const within = (inner, outer) =>
  inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;

/**
 * Issue 54, item 5: an answered question stays in sight. On a wide player the card is over the
 * picture, so the card, its "Question N of M" line, the question, the verdict and Continue lie
 * inside the video's box; on a phone it is below the picture, and its lines lie on the screen.
 */
async function answeredInSight(page, video, dialog, name) {
  const parts = {
    'the "Question N of M" line': dialog.locator('.checkpoint__eyebrow'),
    'the question': dialog.locator('.checkpoint__question'),
    'the verdict': dialog.getByRole('status'),
    Continue: dialog.getByRole('button', { name: /Continue/ }),
  };
  // Over the picture the whole card fits, not only its lines: its top edge is not scrolled away.
  if (name === 'desktop') parts['the card'] = dialog.locator('.checkpoint__card');
  const viewport = page.viewportSize();
  const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const frame = name === 'desktop' ? await video.boundingBox() : screen;
  const where = name === 'desktop' ? "the video's box" : 'the screen';
  for (const [what, locator] of Object.entries(parts)) {
    const box = await locator.boundingBox();
    assert.ok(box && within(box, frame), `${what} ${JSON.stringify(box)} lies inside ${where} ${JSON.stringify(frame)} (${name})`);
  }
  assert.deepEqual(await axeViolations(page), [], `no axe violations with an answered question (${name})`);
}

test('a learner answers the checkpoint questions of their video, rewatches a scene and finds the answers kept', async (t) => {
  const email = `e2e-quiz-${randomBytes(6).toString('hex')}@example.com`;
  const video = page.getByTestId('video');
  let first;
  let second;

  try {
    await t.test('sign in and render a 1-minute explainer', async () => {
      await page.goto(`${server.baseUrl}/create/lesson`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Quinn Quiz' });
      await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate (video|offline draft)/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      made.jobId = (await response.json()).job_id;
      const status = page.getByTestId('generation-status');
      await status.getByText(/Ready to watch|could not be created|was cancelled/).first().waitFor({ timeout: RENDER_TIMEOUT });
      const final = await status.innerText();
      if (!/Ready to watch/.test(final)) assert.fail(`the job did not complete:\n${final}`);
    });

    await t.test('the player has the video’s questions, marked in the chapters', async () => {
      const transcript = page.waitForResponse((r) => r.url().includes(`/api/media/transcript/${made.jobId}`), { timeout: TIMEOUT });
      await page.goto(`${server.baseUrl}/video/${made.jobId}`);
      const body = await (await transcript).json();
      made.checkpoints = [...(body.checkpoints ?? [])].sort((a, b) => a.at - b.at);
      assert.ok(made.checkpoints.length >= 2, `the video carries 2 to 4 questions: ${JSON.stringify(body.checkpoints)}`);
      [first, second] = made.checkpoints;
      const heading = page.locator('h1:not([aria-busy])');
      await heading.waitFor({ timeout: TIMEOUT });
      made.title = (await heading.innerText()).trim();
      const chapters = page.getByRole('list', { name: 'Chapters' });
      await chapters.waitFor({ timeout: TIMEOUT });
      for (const checkpoint of made.checkpoints) {
        const mark = chapters.getByRole('button', { name: new RegExp(`^Question ${checkpoint.index + 1}\\b`) });
        assert.match(await mark.innerText(), /Not answered yet/);
      }
    });

    await t.test('playback pauses at the first question; it works from the keyboard and passes axe at desktop and phone widths', async () => {
      await playInto(video, first.at);
      const dialog = await questionAt(page, video, first);
      for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        await dialog.scrollIntoViewIfNeeded();
        assert.deepEqual(await axeViolations(page), [], `no axe violations with a question open (${name})`);
        await page.screenshot({ path: join(RESULTS, `e2e-checkpoint-open-${name}.png`) });
      }
      await page.setViewportSize(DESKTOP);

      // Focus is in the question: choose and check from the keyboard only.
      const focused = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      assert.ok(focused, 'focus moved into the question');
      const reported = reportOf(page, first.index, true);
      if (first.kind === 'choice') {
        if (first.answer === 0) await page.keyboard.press('Space');
        for (let i = 0; i < first.answer; i += 1) await page.keyboard.press('ArrowDown');
        assert.ok(await dialog.getByRole('radio', { name: first.options[first.answer], exact: true }).isChecked());
      } else {
        await page.keyboard.type(String(first.value));
      }
      await page.keyboard.press('Enter');
      await dialog.getByRole('status').getByText('Correct', { exact: true }).waitFor({ timeout: TIMEOUT });
      if (first.explanation) assert.ok((await dialog.getByRole('status').innerText()).includes(first.explanation));
      await answeredInSight(page, video, dialog, 'desktop');
      const response = await reported;
      assert.equal(response.status(), 200, await response.text());
      const sent = response.request().postDataJSON();
      assert.match(sent.recorded_at, ISO);
      assert.match(response.request().headers().authorization ?? '', /^Bearer /);
      await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-correct.png') });

      // Continue: the dialog closes, playback goes on, focus is back on the video.
      assert.ok(await dialog.getByRole('button', { name: /Continue/ }).evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      const after = await video.evaluate((el) => ({ playing: !el.paused, focused: document.activeElement === el }));
      assert.ok(after.playing && after.focused, `playing on with the focus on the video: ${JSON.stringify(after)}`);
      await video.evaluate((el) => el.pause());
    });

    await t.test('a wrong answer to the second question shows the right one; rewatching brings it back', async () => {
      // Answered first on a phone, where the question is below the picture.
      await page.setViewportSize(PHONE);
      await playInto(video, second.at);
      let dialog = await questionAt(page, video, second);
      await dialog.scrollIntoViewIfNeeded();
      const reported = reportOf(page, second.index, false);
      await answerWrong(dialog, second);
      await answeredInSight(page, video, dialog, 'phone');
      await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-wrong-phone.png') });
      await page.setViewportSize(DESKTOP);
      const response = await reported;
      assert.equal(response.status(), 200, await response.text());
      assert.ok(
        response.request().postDataJSON().checkpoints.some((c) => c.question === first.index && c.correct === true),
        'the report still carries the first answer',
      );
      await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-wrong.png') });

      await dialog.getByRole('button', { name: /Rewatch this part/ }).click();
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      const rewound = await video.evaluate((el) => ({ time: el.currentTime, playing: !el.paused }));
      assert.ok(Math.abs(rewound.time - second.rewatch_from) < 1.5 && rewound.playing, `rewatching from ${second.rewatch_from}: ${JSON.stringify(rewound)}`);
      // Played to its end again (from just before it, to keep the journey short), the question is back.
      await playInto(video, second.at);
      dialog = await questionAt(page, video, second);
      await answerWrong(dialog, second);
      await answeredInSight(page, video, dialog, 'desktop');
      await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-wrong-desktop.png') });
      await dialog.getByRole('button', { name: /Continue/ }).click();
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      await video.evaluate((el) => el.pause());
    });

    await t.test('after a reload the answers are kept: the chapter marks show them', async () => {
      const stored = page.waitForResponse((r) => /\/progress$/.test(r.url()) && r.request().method() === 'GET', { timeout: TIMEOUT });
      await page.reload();
      const progress = await (await stored).json();
      const answer = (c) => progress.checkpoints.find((a) => a.question === c.index)?.correct;
      assert.equal(answer(first), true, JSON.stringify(progress));
      assert.equal(answer(second), false, JSON.stringify(progress));
      assert.equal(progress.checkpoints_correct, 1);
      assert.equal(progress.checkpoints_answered, 2);
      const chapters = page.getByRole('list', { name: 'Chapters' });
      const mark = (c) => chapters.getByRole('button', { name: new RegExp(`^Question ${c.index + 1}\\b`) });
      await mark(first).getByText('Correct').waitFor({ timeout: TIMEOUT });
      await mark(second).getByText('Wrong').waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await axeViolations(page), [], 'no axe violations on the player with answered marks');
      await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-reload.png') });

      // A mark opens its question, just before its place; answered again, Escape continues.
      await mark(first).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^Question ${first.index + 1} of`) });
      await dialog.waitFor({ timeout: TIMEOUT });
      const time = await video.evaluate((el) => el.currentTime);
      assert.ok(Math.abs(time - (first.at - 0.1)) < 0.3, `the mark went to ${time}`);
      if (first.kind === 'choice') {
        await dialog.getByRole('radio', { name: first.options[first.answer], exact: true }).check();
      } else {
        await dialog.getByRole('textbox').fill(String(first.value));
      }
      await dialog.getByRole('button', { name: 'Check answer' }).click();
      await dialog.getByRole('status').getByText('Correct', { exact: true }).waitFor({ timeout: TIMEOUT });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      await video.evaluate((el) => el.pause());
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-checkpoint-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  }
});

/** A page of another site (another origin, and another site: localhost, not 127.0.0.1) holding `html`. */
async function hostSite(html) {
  const site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => site.listen(0, '127.0.0.1', r));
  return { url: `http://localhost:${site.address().port}/`, close: () => new Promise((r) => site.close(r)) };
}


test('the owner embeds the published video; a visitor of another site plays it and its questions there', async (t) => {
  if (!made.jobId || made.checkpoints.length === 0) {
    t.skip('needs the video the first journey made');
    return;
  }
  const [first] = made.checkpoints;
  const embedSrc = `${server.baseUrl}/embed/video/${made.jobId}`;
  let snippet;

  try {
    await t.test('unpublished: no Embed button, and the embed address answers 404', async () => {
      await page.goto(`${server.baseUrl}/video/${made.jobId}`);
      // The Edit link says the owner's records have arrived.
      await page.getByRole('link', { name: 'Edit', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.equal(await page.getByRole('button', { name: 'Embed' }).count(), 0);
      assert.equal((await page.request.get(embedSrc)).status(), 404);
    });

    await t.test('publish it from the library: the player offers its embed code, and Copy copies it', async () => {
      await page.goto(`${server.baseUrl}/library/lessons`);
      const card = page.getByTestId('media-card').filter({ hasText: made.title });
      await card.waitFor({ timeout: TIMEOUT });
      const saved = page.waitForResponse((r) => r.url().includes('/api/library/videos/') && r.request().method() === 'PATCH');
      await card.getByRole('button', { name: /Publish/ }).click();
      assert.equal((await saved).status(), 200);
      await card.getByText('Public', { exact: true }).waitFor({ timeout: TIMEOUT });

      await page.goto(`${server.baseUrl}/video/${made.jobId}`);
      const embed = page.getByRole('button', { name: 'Embed' });
      await embed.waitFor({ timeout: TIMEOUT });
      await embed.click();
      const dialog = page.getByRole('dialog', { name: 'Embed this video' });
      snippet = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
      assert.ok(snippet.startsWith(`<iframe src="${embedSrc}" title="`), snippet);
      assert.match(snippet, / – Lectern" width="640" height="360" style="border:0" allow="fullscreen" allowfullscreen><\/iframe>$/);
      assert.deepEqual(await axeViolations(page), [], 'no axe violations with the embed dialog open');
      await dialog.getByRole('button', { name: /Copy/ }).click();
      await dialog.getByRole('status').getByText('Copied', { exact: true }).waitFor({ timeout: TIMEOUT });
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
      await page.screenshot({ path: join(RESULTS, 'e2e-embed-dialog.png') });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      assert.ok(await embed.evaluate((el) => el === document.activeElement), 'focus is back on Embed');
      assert.equal((await page.request.get(embedSrc)).status(), 200);
    });

    await t.test('a visitor of another site plays it in the frame, answers its question, and nothing is reported', async () => {
      const site = await hostSite(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A partner's lesson</title></head>` +
          `<body><main><h1>Levers, as a partner site explains them</h1>${snippet}</main></body></html>`,
      );
      const visitorContext = await browser.newContext({ viewport: DESKTOP });
      const visitor = await visitorContext.newPage();
      const calls = [];
      visitor.on('request', (r) => {
        if (r.url().startsWith(server.baseUrl)) calls.push(r);
      });
      try {
        await visitor.goto(site.url);
        const frame = visitor.frameLocator('iframe');
        // The server lets other sites frame /embed (it must not send frame-ancestors 'none' there).
        await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
        assert.equal(await frame.getByRole('navigation').count(), 0, 'no app navigation in the frame');
        const watch = frame.getByRole('link', { name: /Watch on Lectern/ });
        assert.equal(await watch.getAttribute('href'), `${server.baseUrl}/watch/${made.jobId}`);
        assert.equal(await watch.getAttribute('target'), '_blank');
        assert.equal(await watch.getAttribute('rel'), 'noopener');

        const video = frame.getByTestId('video');
        const played = await video.evaluate(async (el) => {
          el.muted = true;
          await el.play();
          const deadline = Date.now() + 15_000;
          while (Date.now() < deadline && el.currentTime <= 1) await new Promise((r) => setTimeout(r, 100));
          el.pause();
          const track = el.textTracks[0];
          return { time: el.currentTime, width: el.videoWidth, captions: track?.mode, error: el.error?.message ?? null };
        });
        assert.ok(played.time > 1 && played.width > 0, `the visitor watched it in the frame: ${JSON.stringify(played)}`);
        assert.equal(played.captions, 'showing', 'captions are on');

        await playInto(video, first.at);
        const dialog = await questionAt(frame, video, first);
        await visitor.screenshot({ path: join(RESULTS, 'e2e-embed-question.png') });
        const inner = await (await visitor.locator('iframe').elementHandle()).contentFrame();
        assert.deepEqual(await axeViolations(inner), [], 'no axe violations in the frame with a question open');
        if (first.kind === 'choice') {
          await dialog.getByRole('radio', { name: first.options[first.answer], exact: true }).check();
        } else {
          await dialog.getByRole('textbox').fill(String(first.value));
        }
        await dialog.getByRole('button', { name: 'Check answer' }).click();
        await dialog.getByRole('status').getByText('Correct', { exact: true }).waitFor({ timeout: TIMEOUT });
        await dialog.getByRole('button', { name: /Continue/ }).click();
        await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
        await video.evaluate((el) => el.pause());

        assert.ok(calls.length > 0, 'the frame asked the server');
        assert.deepEqual(calls.filter((r) => r.url().includes('/progress')).map((r) => r.url()), [], 'nothing is reported');
        for (const request of calls) {
          assert.equal(request.headers().authorization, undefined, `${request.url()} was asked for without sign-in`);
        }

        // "Watch on Lectern" opens the public page in a new tab.
        const opened = visitorContext.waitForEvent('page', { timeout: TIMEOUT });
        await watch.click();
        const tab = await opened;
        await tab.waitForURL(new RegExp(`/watch/${made.jobId}$`), { timeout: TIMEOUT });
        await tab.getByTestId('video').waitFor({ timeout: TIMEOUT });
        await tab.screenshot({ path: join(RESULTS, 'e2e-embed-watch-page.png') });
      } finally {
        await visitorContext.close();
        await site.close();
      }
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-embed-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  }
});
