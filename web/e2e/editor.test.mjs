// The journey of issue 16: preview a video's storyboard for free, edit a sentence and an
// equation, render it (1 credit) and hear the new sentence in its captions; then fix one
// sentence of the finished video (free for up to 3 scenes), and find that only that sentence
// changed and that the video now has two versions. Then a problem's storyboard: previewed for
// free from the create-problem form and rendered with the dry run it came from. Issue 54: the
// answers and title of each version, the old version's notice, the editor's buttons and the
// processing and resume screens on a phone, and unsaved edits kept through reload, Back and Forward.
//   npm run build && node --test e2e/editor.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
// Writing a script (the dry run) or rendering a 1-minute video on a small machine.
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TOPIC = 'How to solve a quadratic equation';
const PREVIEW_SENTENCE = 'This sentence was written in the storyboard editor before paying.';
const REVISED_SENTENCE = 'This sentence was changed after the video was finished.';
const EQUATION = 'a^2 + b^2 = c^2';
const PROBLEM = '2x + 3 = 11';
const DRAFT_TOPIC = 'How a rainbow forms';
const DRAFT_SENTENCE = 'This sentence was typed and not yet rendered.';

const { server, browser } = await startJourney({ workers: 1 });
/** Opens a create screen signed out, signs in through the popup, and is back there with 10 credits. */
async function signInOn(page, screen, email, name) {
  await page.goto(`${server.baseUrl}/create/${screen}`);
  await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
  await signInThroughPopup(page, { email, name });
  await page.waitForURL(new RegExp(`/create/${screen}$`), { timeout: TIMEOUT });
  await balance(page, '10 credits');
}

const shot = (page, name, fullPage = false) => page.screenshot({ path: join(RESULTS, `e2e-editor-${name}.png`), fullPage });

async function balance(page, text) {
  await page.getByTestId('credit-balance').filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
}

const flat = (text) => text.replace(/\s+/g, ' ').trim();

/** A WebVTT file's cue texts (tags dropped), in order. */
function vttCues(vtt) {
  return vtt
    .replace(/\r/g, '')
    .split(/\n{2,}/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((line) => line.includes('-->')))
    .map((lines) => flat(lines.slice(lines.findIndex((line) => line.includes('-->')) + 1).join(' ').replace(/<[^>]+>/g, '')))
    .filter(Boolean);
}

/** The captions of the video the player shows: its subtitle track, fetched as the browser would. */
async function captions(page) {
  const src = await page.getByTestId('video').locator('track').getAttribute('src');
  assert.ok(src, 'the video has a subtitle track');
  const response = await page.request.get(new URL(src, server.baseUrl).toString());
  assert.equal(response.status(), 200, `the subtitles answer: ${src}`);
  const cues = vttCues(await response.text());
  assert.ok(cues.length > 0, 'the subtitles have cues');
  return flat(cues.join(' '));
}

/** Waits until the player plays a finished video (the page turns into it by itself). */
async function playable(page) {
  await page.getByTestId('video').waitFor({ timeout: RENDER_TIMEOUT });
  await page.locator('h1:not([aria-busy])').waitFor({ timeout: TIMEOUT });
}

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

/** Opens a video's page and resolves to its checkpoint questions (from its transcript) and its title. */
async function openVideo(page, jobId) {
  // The body is read as the response arrives: a response the page fetched before a navigation
  // (a link followed just before) has no body left once the page moves on; that one is passed
  // over and the next taken.
  let body;
  const transcript = page.waitForResponse(
    async (r) => {
      if (!r.url().includes(`/api/media/transcript/${jobId}`) || !r.ok()) return false;
      try {
        body = await r.json();
        return true;
      } catch {
        return false;
      }
    },
    { timeout: TIMEOUT },
  );
  await page.goto(`${server.baseUrl}/video/${jobId}`);
  await transcript;
  await playable(page);
  await page.getByRole('list', { name: 'Chapters' }).waitFor({ timeout: TIMEOUT });
  const title = flat(await page.locator('h1:not([aria-busy])').innerText());
  return { title, checkpoints: [...(body.checkpoints ?? [])].sort((a, b) => a.index - b.index) };
}

/** The chapter list's mark for a question, and the state it shows (open, right, wrong, skipped). */
const markOf = (page, checkpoint) =>
  page.getByRole('list', { name: 'Chapters' }).getByRole('button', { name: new RegExp(`^Question ${checkpoint.index + 1}\\b`) });

/** Answers a question from its chapter mark, right or wrong, and waits until the answer is stored. */
async function answerFromMark(page, checkpoint, right) {
  const stored = page.waitForResponse(
    (r) =>
      /\/progress$/.test(r.url()) &&
      r.request().method() === 'POST' &&
      (r.request().postDataJSON().checkpoints ?? []).some((c) => c.question === checkpoint.index && c.correct === right),
    { timeout: TIMEOUT },
  );
  await markOf(page, checkpoint).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Question ${checkpoint.index + 1} of`) });
  await dialog.waitFor({ timeout: TIMEOUT });
  if (checkpoint.kind === 'choice') {
    const option = right ? checkpoint.answer : (checkpoint.answer + 1) % checkpoint.options.length;
    await dialog.getByRole('radio', { name: checkpoint.options[option], exact: true }).check();
  } else {
    const value = right ? checkpoint.value : checkpoint.value + (checkpoint.tolerance ?? 0) + Math.max(1, Math.abs(checkpoint.value));
    await dialog.getByRole('textbox').fill(String(value));
  }
  await dialog.getByRole('button', { name: 'Check answer' }).click();
  assert.equal((await stored).status(), 200);
  await dialog.getByRole('button', { name: /Continue/ }).click();
  await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
  await page.getByTestId('video').evaluate((el) => el.pause());
}

/** The same question: its words, its kind and its answer (what a version's answer belongs to). */
const sameQuestion = (a, b) =>
  a.question === b.question && a.kind === b.kind && JSON.stringify([a.options, a.answer ?? null, a.value ?? null]) === JSON.stringify([b.options, b.answer ?? null, b.value ?? null]);

/** Runs `check` at a phone's width, and is back at the desktop's after it, passed or failed. */
async function onPhone(page, check) {
  await page.setViewportSize(PHONE);
  try {
    await check();
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

/** Whether `element` lies wholly on the screen of `page`. */
async function onScreen(page, locator) {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize();
  return Boolean(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width);
}

test('a learner previews a storyboard, edits and renders it, then fixes one sentence for free', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-editor-${randomBytes(6).toString('hex')}@example.com`;
  let videoJobId;
  let revisedJobId;
  let captionsBefore;
  let originalSentence;
  /** The storyboard the dry run wrote. */
  let previewed;
  /** Version 1 as the player shows it (title, questions) and the answers given to it, by question. */
  let version1;
  const answers1 = new Map();

  try {
    await t.test('sign in', () => signInOn(page, 'lesson', email, 'Edith Editor'));

    await t.test('preview a topic: a free dry run that opens in the storyboard editor', async () => {
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      // The dry run's storyboard, as the preview reads it from the job's status.
      const planned = page.waitForResponse(
        async (r) => /\/api\/job\/[^/]+\/status$/.test(r.url()) && r.ok() && (await r.json().catch(() => null))?.result?.dry_run === true,
        { timeout: RENDER_TIMEOUT },
      );
      await page.getByRole('button', { name: 'Preview storyboard' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      assert.equal(response.request().postDataJSON().dry_run, true, 'the preview is a dry run');
      previewed = (await (await planned).json()).result.storyboard;

      await page.waitForURL(/\/preview\/[^/?]+\?topic=/, { timeout: TIMEOUT });
      await page.getByTestId('scene-card').first().waitFor({ timeout: RENDER_TIMEOUT });
      assert.equal((await page.getByTestId('summary-cost').innerText()).trim(), '1 credit', 'the render is said to cost 1 credit');
      await balance(page, '10 credits');
      // Every slide is drawn before the page is checked.
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="scene-card"]')].every((card) => card.querySelector('img')?.complete),
        null,
        { timeout: 120_000 },
      );
      await shot(page, 'preview', true);
      assert.deepEqual(await axeViolations(page), [], 'the preview has no axe violations');
    });

    await t.test('change one narration sentence and one equation; the slide is drawn again', async () => {
      const cards = page.getByTestId('scene-card');
      // A scene no question asks about: editing a scene takes its question away, and version 1
      // keeps its questions for the journey's versions part.
      const asked = new Set((previewed.checkpoints ?? []).map((c) => c.scene));
      const free = previewed.scenes.findIndex((_, i) => !asked.has(i));
      assert.ok(free >= 0, `a scene without a question: ${JSON.stringify(previewed.checkpoints)}`);
      const narrated = cards.nth(free);
      await narrated.getByLabel('Sentence 1', { exact: true }).fill(PREVIEW_SENTENCE);

      let equations = cards.filter({ has: page.locator('.scene-card__kind', { hasText: /^Equation steps$/ }) });
      if ((await equations.count()) === 0) {
        await page.getByRole('button', { name: /Add scene/ }).click();
        await page.getByRole('button', { name: 'Equation steps', exact: true }).click();
        equations = cards.filter({ has: page.locator('.scene-card__kind', { hasText: /^Equation steps$/ }) });
        await equations.first().waitFor();
        // The new scene has the focus: keyboard users land on what they added.
        assert.ok(await equations.first().locator('h3').evaluate((el) => el === document.activeElement), 'the new scene has the focus');
      }
      const card = equations.first();
      const drawn = page.waitForResponse(
        (r) => r.url().endsWith('/api/storyboards/preview-frame') && r.request().postDataJSON().storyboard.scenes.some((s) => s.kind === 'equation_steps' && s.steps[0]?.math === EQUATION),
        { timeout: 60_000 },
      );
      const math = card.getByLabel('Step 1 math', { exact: true });
      await math.fill(EQUATION);
      const frame = await drawn;
      assert.equal(frame.status(), 200, 'the typed equation is drawn');
      assert.equal(await math.getAttribute('aria-invalid'), null, 'the equation is valid');
      const slide = card.getByRole('img', { name: /^Slide \d+: Equation steps/ });
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await slide.elementHandle(), { timeout: TIMEOUT });
      await shot(page, 'preview-edited', true);
      // At a phone's width the cards stack, and nothing becomes unreachable.
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      // Issue 54: the Render button stays in reach on a phone, wherever the page is scrolled.
      for (const scroll of [0, 0.5]) {
        await page.evaluate((share) => window.scrollTo(0, document.body.scrollHeight * share), scroll);
        const render = await page.getByRole('button', { name: 'Render this video' }).boundingBox();
        assert.ok(render && render.y >= 0 && render.y + render.height <= 844, `Render this video is on the screen: ${JSON.stringify(render)}`);
      }
      await shot(page, 'preview-phone');
      assert.deepEqual(await axeViolations(page), [], 'the editor at a phone width has no axe violations');
      await page.setViewportSize(desktop);
    });

    await t.test('render this video: charged once, the edited storyboard is what is sent', async () => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Render this video' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const body = response.request().postDataJSON();
      assert.equal(body.dry_run, false);
      assert.equal(body.topic, TOPIC);
      assert.equal(body.duration, 1);
      assert.ok(body.storyboard.scenes.some((s) => s.narration.includes(PREVIEW_SENTENCE)), 'the edited sentence is sent');
      assert.ok(body.storyboard.scenes.some((s) => s.kind === 'equation_steps' && s.steps[0].math === EQUATION), 'the edited equation is sent');
      videoJobId = (await response.json()).job_id;
      assert.ok(videoJobId, 'the server answered a job id');

      await page.waitForURL(new RegExp(`/video/${videoJobId}$`), { timeout: TIMEOUT });
      await page.getByTestId('queue-panel').getByText(TOPIC).waitFor({ timeout: TIMEOUT });
      await balance(page, '9 credits');

      // Issue 54, item 11: on a phone the processing screen's sentence is whole, inside its frame.
      await onPhone(page, async () => {
        const frame = page.locator('.player__frame--waiting');
        const sentence = frame.getByText('This page updates by itself and starts the video when it is ready.');
        await sentence.waitFor({ timeout: TIMEOUT });
        await page.waitForTimeout(300);
        const fit = await sentence.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        assert.ok(fit.scroll <= fit.client, `the sentence is not cut off at its side: ${JSON.stringify(fit)}`);
        const [inner, outer] = [await sentence.boundingBox(), await frame.boundingBox()];
        assert.ok(
          inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width,
          `the sentence ${JSON.stringify(inner)} lies inside its frame ${JSON.stringify(outer)}`,
        );
        await shot(page, 'processing-phone');
      });
    });

    await t.test('the video completes and its captions say the edited sentence', async () => {
      await playable(page);
      captionsBefore = await captions(page);
      assert.ok(captionsBefore.includes(PREVIEW_SENTENCE), `the captions carry the edited sentence:\n${captionsBefore}`);
      await balance(page, '9 credits');
      await shot(page, 'rendered');
    });

    await t.test('on a phone, "Resume at" sits clear of the title and the picture', async () => {
      // Before the questions are answered: the second one sits past 95% of the video, and a
      // video played that far counts as watched, with nothing left to resume.
      version1 = await openVideo(page, videoJobId);
      await onPhone(page, async () => {
        const video = page.getByTestId('video');
        const length = await video.evaluate((el) =>
          el.readyState >= 1 ? el.duration : new Promise((r) => el.addEventListener('loadedmetadata', () => r(el.duration), { once: true })),
        );
        // A point past 10 s with no question in the next 2 s, played for a moment and paused (reported).
        const at = [11, 14, 17, 20, 23, 26].find((t) => t < length * 0.9 && !version1.checkpoints.some((c) => c.at >= t && c.at <= t + 2.5));
        assert.ok(at, `a place to stop at in ${length} s`);
        const stored = page.waitForResponse(
          (r) => /\/progress$/.test(r.url()) && r.request().method() === 'POST' && r.request().postDataJSON().position_seconds > 10,
          { timeout: TIMEOUT },
        );
        await video.evaluate(async (el, to) => {
          el.muted = true;
          el.currentTime = to;
          if (el.seeking) await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
          await el.play();
          await new Promise((r) => setTimeout(r, 800));
          el.pause();
        }, at);
        assert.equal((await stored).status(), 200);
        await page.reload();
        const resume = page.getByRole('button', { name: /^Resume at \d+:\d\d$/ });
        await resume.waitFor({ timeout: TIMEOUT });
        const title = page.locator('h1:not([aria-busy])');
        await title.waitFor({ timeout: TIMEOUT });
        const boxes = { resume: await resume.boundingBox(), title: await title.boundingBox(), video: await video.boundingBox() };
        const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        assert.ok(!meets(boxes.resume, boxes.title), `"Resume at" is clear of the title: ${JSON.stringify(boxes)}`);
        assert.ok(!meets(boxes.resume, boxes.video), `"Resume at" is clear of the picture: ${JSON.stringify(boxes)}`);
        await shot(page, 'resume-phone');
        assert.deepEqual(await axeViolations(page), [], 'the player offering to resume has no axe violations (phone)');
      });
    });

    await t.test("version 1's questions answered: the first right, the second wrong", async () => {
      version1 = await openVideo(page, videoJobId);
      assert.ok(version1.checkpoints.length >= 2, `the video asks 2 questions or more: ${JSON.stringify(version1.checkpoints)}`);
      const [q1, q2] = version1.checkpoints;
      await answerFromMark(page, q1, true);
      await answerFromMark(page, q2, false);
      answers1.set(q1.index, 'right').set(q2.index, 'wrong');
      assert.equal(await markOf(page, q1).getAttribute('data-state'), 'right');
      assert.equal(await markOf(page, q2).getAttribute('data-state'), 'wrong');
    });

    await t.test('edit the finished video: one sentence and a heading, "free", confirmed', async () => {
      const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/video/${videoJobId}/storyboard`), { timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(new RegExp(`/video/${videoJobId}/edit$`), { timeout: TIMEOUT });
      const storyboard = await (await loaded).json();
      const cards = page.getByTestId('scene-card');
      await cards.first().waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await axeViolations(page), [], 'the edit screen has no axe violations');

      // The scene of the first question (answered right): editing it takes its question away, so
      // version 2's first question is version 1's second, whose answer (wrong) is all it may show.
      const asked = storyboard.checkpoints?.[0]?.scene;
      assert.ok(Number.isInteger(asked), `the storyboard places its questions: ${JSON.stringify(storyboard.checkpoints)}`);
      const card = cards.nth(asked);
      const sentence = card.getByLabel('Sentence 1', { exact: true });
      originalSentence = flat(await sentence.inputValue());
      assert.notEqual(originalSentence, PREVIEW_SENTENCE);
      assert.ok(captionsBefore.includes(originalSentence), `the captions carry the sentence to change: ${originalSentence}`);
      await sentence.fill(REVISED_SENTENCE);
      // Issue 54, item 2: a scene's heading is not the video's title (the equation scene asks no question).
      const equations = cards.filter({ has: page.locator('.scene-card__kind', { hasText: /^Equation steps$/ }) });
      await equations.first().getByLabel('Heading', { exact: true }).fill('A heading changed in the editor');

      // Issue 54, item 6: on a phone, Save changes stays on the screen wherever the page is scrolled.
      await onPhone(page, async () => {
        for (const scroll of [0, 0.5]) {
          await page.evaluate((share) => window.scrollTo(0, document.body.scrollHeight * share), scroll);
          await page.waitForTimeout(200);
          const save = page.getByRole('button', { name: 'Save changes' });
          assert.ok(await onScreen(page, save), `Save changes is on the screen at ${scroll * 100}% down: ${JSON.stringify(await save.boundingBox())}`);
          await shot(page, `edit-phone-${scroll * 100}`);
        }
        assert.deepEqual(await axeViolations(page), [], 'the edit screen at a phone width has no axe violations');
      });

      const priced = page.waitForResponse((r) => /\/api\/video\/[^/]+\/revisions$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const price = await priced;
      assert.equal(price.status(), 200, await price.text());
      assert.deepEqual(price.request().postDataJSON().dry_run, true, 'the price is asked first');
      const stated = await price.json();
      assert.equal(stated.job_id, null);
      assert.equal(stated.scenes_changed, 2);
      assert.equal(stated.cost, 0);
      const cost = page.getByTestId('revision-cost');
      await cost.waitFor();
      assert.equal(flat(await cost.innerText()), '2 scenes changed — free');
      await balance(page, '9 credits');
      await shot(page, 'edit-priced');

      // Every toast from here on, as it was shown (they go after a few seconds).
      await page.evaluate(() => {
        window.lecternToasts = [];
        const note = () => {
          for (const toast of document.querySelectorAll('.toast')) {
            const text = toast.textContent.replace(/\s+/g, ' ').trim();
            if (!window.lecternToasts.includes(text)) window.lecternToasts.push(text);
          }
        };
        new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const started = page.waitForResponse((r) => /\/api\/video\/[^/]+\/revisions$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Confirm and render' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      assert.equal(response.request().postDataJSON().dry_run, undefined, 'the confirmed revision is no dry run');
      const answer = await response.json();
      revisedJobId = answer.job_id;
      assert.ok(revisedJobId, 'the revision has a job');
      assert.equal(answer.cost, stated.cost, 'the revision costs what was stated');
    });

    await t.test('the new version plays, and only that sentence differs in its captions', async () => {
      await page.waitForURL(new RegExp(`/video/${revisedJobId}$`), { timeout: RENDER_TIMEOUT });
      await playable(page);
      const captionsAfter = await captions(page);
      assert.ok(captionsAfter.includes(REVISED_SENTENCE), `the captions carry the revised sentence:\n${captionsAfter}`);
      assert.ok(!captionsAfter.includes(originalSentence), 'the old sentence is gone');
      assert.equal(captionsAfter, captionsBefore.replace(originalSentence, REVISED_SENTENCE), 'every other caption is as it was');
      // Free as stated: nothing more was charged.
      await balance(page, '9 credits');
    });

    await t.test('the toast that says version 2 is ready names the video by its title', async () => {
      const said = await page.waitForFunction(() => window.lecternToasts.find((text) => text.includes('is ready to watch')), null, { timeout: TIMEOUT });
      const toast = await said.jsonValue();
      const named = /“(.+?)” is ready to watch/.exec(toast)?.[1];
      assert.equal(named, version1.title, `the toast names the video by its title: ${toast}`);
    });

    await t.test('the versions list shows both versions, the new one current', async () => {
      const versions = page.getByTestId('versions');
      await versions.waitFor({ timeout: TIMEOUT });
      await versions.locator('summary').click();
      const items = versions.getByTestId('version');
      assert.equal(await items.count(), 2);
      assert.match(await items.first().innerText(), /Current/);
      assert.equal(await items.first().getByRole('button', { name: /Restore/ }).count(), 0, 'the current version is not offered to restore');
      await items.nth(1).getByRole('button', { name: /Restore version/ }).waitFor();
      await shot(page, 'versions', true);
      assert.deepEqual(await axeViolations(page), [], 'the player with its versions has no axe violations');
      await balance(page, '9 credits');
    });

    for (const [name, viewport] of WIDTHS) {
      await t.test(`version 1's address says it is not the current one; each version shows its own answers; one title everywhere (${name})`, async () => {
        await page.setViewportSize(viewport);
        const old = await openVideo(page, videoJobId);
        const notice = page.getByTestId('old-version');
        await notice.waitFor({ timeout: TIMEOUT });
        assert.match(flat(await notice.innerText()), /This is version 1 of this video, not the current one \(version 2\)\. Watch the current version/);
        assert.equal(old.title, version1.title, 'the old version keeps the title');
        for (const checkpoint of old.checkpoints) {
          assert.equal(await markOf(page, checkpoint).getAttribute('data-state'), answers1.get(checkpoint.index) ?? 'open', `version 1, question ${checkpoint.index + 1}`);
        }
        await shot(page, `old-version-${name}`, true);
        assert.deepEqual(await axeViolations(page), [], `version 1's page has no axe violations (${name})`);

        await notice.getByRole('link', { name: 'Watch the current version' }).click();
        await page.waitForURL(new RegExp(`/video/${revisedJobId}$`), { timeout: TIMEOUT });
        const current = await openVideo(page, revisedJobId);
        assert.equal(await page.getByTestId('old-version').count(), 0, 'no notice on the current version');
        assert.equal(current.title, version1.title, 'a new version keeps the title');
        // An answer belongs to its question: version 2 shows version 1's answer only under the same question.
        assert.ok(
          current.checkpoints.some((c) => !version1.checkpoints[c.index] || !sameQuestion(c, version1.checkpoints[c.index])),
          'some question of version 2 is not the one version 1 asked at its place (else carrying answers by place would pass unseen)',
        );
        for (const checkpoint of current.checkpoints) {
          const before = version1.checkpoints.find((c) => sameQuestion(c, checkpoint));
          const expected = (before && answers1.get(before.index)) ?? 'open';
          assert.equal(await markOf(page, checkpoint).getAttribute('data-state'), expected, `version 2, question ${checkpoint.index + 1}: ${checkpoint.question}`);
        }
        await shot(page, `current-version-${name}`, true);
        assert.deepEqual(await axeViolations(page), [], `version 2's page has no axe violations (${name})`);

        await page.goto(`${server.baseUrl}/library/lessons`);
        const titles = page.getByTestId('media-card').locator('.media-card__title');
        await titles.first().waitFor({ timeout: TIMEOUT });
        assert.deepEqual((await titles.allInnerTexts()).map(flat), [version1.title], 'the library lists the video once, by its title');
        assert.deepEqual(await axeViolations(page), [], `the library has no axe violations (${name})`);
      });
    }
    await page.setViewportSize(DESKTOP);

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-editor-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});

test("a learner previews a problem's storyboard for free and renders it", async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-problem-preview-${randomBytes(6).toString('hex')}@example.com`;
  let dryRunId;

  try {
    await t.test('sign in on the create-problem screen', () => signInOn(page, 'problem', email, 'Paula Problem'));

    await t.test('preview the problem: a free dry run of the solution that opens in the storyboard editor', async () => {
      await page.getByLabel('What problem should be solved?').fill(PROBLEM);
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Preview storyboard' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      assert.equal(response.request().postDataJSON().dry_run, true, 'the preview is a dry run');
      assert.equal(response.request().postDataJSON().problem_text, PROBLEM);
      dryRunId = (await response.json()).job_id;
      assert.ok(dryRunId, 'the dry run has a job');

      await page.waitForURL(new RegExp(`/preview/${dryRunId}\\?.*from=problem`), { timeout: TIMEOUT });
      await page.getByTestId('scene-card').first().waitFor({ timeout: RENDER_TIMEOUT });
      await balance(page, '10 credits');
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="scene-card"]')].every((card) => card.querySelector('img')?.complete),
        null,
        { timeout: 120_000 },
      );
      await shot(page, 'problem-preview', true);
      assert.deepEqual(await axeViolations(page), [], 'the problem preview has no axe violations');
    });

    await t.test('render this video: the storyboard goes with the dry run it was previewed from', async () => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Render this video' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const body = response.request().postDataJSON();
      assert.equal(body.dry_run, false);
      assert.equal(body.topic, PROBLEM);
      assert.equal(body.preview_job_id, dryRunId, 'the render names its dry run');
      assert.ok(body.storyboard.scenes.length > 0, 'the previewed storyboard is sent');
      const videoJobId = (await response.json()).job_id;
      assert.ok(videoJobId, 'the server answered a job id');

      await page.waitForURL(new RegExp(`/video/${videoJobId}$`), { timeout: TIMEOUT });
      await page.getByTestId('queue-panel').getByText(PROBLEM).first().waitFor({ timeout: TIMEOUT });
      await balance(page, '9 credits');
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-editor-problem-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});

for (const [name, viewport] of WIDTHS) {
  test(`a learner's unsaved storyboard edits are kept, and leaving them asks first (${name})`, async (t) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Every question the page asks (a confirm, the browser's own before a reload), answered as `answer` says.
    const asked = [];
    let answer = 'accept';
    page.on('dialog', (dialog) => {
      asked.push({ type: dialog.type(), message: dialog.message() });
      return answer === 'accept' ? dialog.accept() : dialog.dismiss();
    });
    /** Waits until the page has asked `n` questions. */
    const askedTimes = async (n) => {
      const deadline = Date.now() + TIMEOUT;
      while (asked.length < n) {
        if (Date.now() > deadline) assert.fail(`asked ${asked.length} times, not ${n}`);
        await page.waitForTimeout(50);
      }
    };
    const topic = () => page.getByLabel('What should the video explain?');
    const sentence = () => page.getByTestId('scene-card').nth(1).getByLabel('Sentence 1', { exact: true });
    const email = `e2e-drafts-${randomBytes(6).toString('hex')}@example.com`;

    try {
      await t.test('sign in and preview a topic', async () => {
        await signInOn(page, 'lesson', email, 'Dana Draft');
        await topic().fill(DRAFT_TOPIC);
        await page.getByLabel('Length').fill('1');
        await page.getByRole('button', { name: 'Preview storyboard' }).click();
        await page.waitForURL(/\/preview\/[^/?]+\?topic=/, { timeout: TIMEOUT });
        await page.getByTestId('scene-card').nth(1).waitFor({ timeout: RENDER_TIMEOUT });
      });

      await t.test('an edited narration line survives a reload, which asks first', async () => {
        await sentence().click();
        await sentence().fill(DRAFT_SENTENCE);
        const url = page.url();
        await page.reload();
        assert.deepEqual(asked.map((q) => q.type), ['beforeunload'], 'the reload asked first');
        assert.equal(page.url(), url);
        await sentence().waitFor({ timeout: RENDER_TIMEOUT });
        assert.equal(await sentence().inputValue(), DRAFT_SENTENCE);
        await page.getByTestId('draft-restored').waitFor({ timeout: TIMEOUT });
        await shot(page, `draft-restored-${name}`);
        assert.deepEqual(await axeViolations(page), [], `the preview with a restored draft has no axe violations (${name})`);
      });

      await t.test('Back asks first; declined, the page stays; accepted, the topic box keeps its text; Forward brings the edit back', async () => {
        const preview = page.url();
        asked.length = 0;
        answer = 'dismiss';
        await page.evaluate(() => history.back());
        await askedTimes(1);
        await page.waitForTimeout(500);
        assert.match(asked[0].message, /^Your edits are not rendered yet\./);
        assert.equal(page.url(), preview, 'declined, the page stays');
        assert.equal(await sentence().inputValue(), DRAFT_SENTENCE);

        // The address changes before the question (the router puts it back if declined): wait for the question.
        answer = 'accept';
        await page.evaluate(() => history.back());
        await askedTimes(2);
        await page.waitForURL(/\/create\/lesson$/, { timeout: TIMEOUT });
        await topic().waitFor({ timeout: TIMEOUT });
        assert.equal(await topic().inputValue(), DRAFT_TOPIC, 'the topic box keeps its text');
        assert.deepEqual(await axeViolations(page), [], `the create screen after Back has no axe violations (${name})`);

        await page.evaluate(() => history.forward());
        await page.waitForURL(preview, { timeout: TIMEOUT });
        await sentence().waitFor({ timeout: TIMEOUT });
        assert.equal(await sentence().inputValue(), DRAFT_SENTENCE, 'the edit is back after Back then Forward');
      });

      await t.test("a link out of the page asks first; declined, the edit stays", async () => {
        asked.length = 0;
        answer = 'dismiss';
        const nav = page.getByRole('navigation', { name: 'Main' });
        if (!(await nav.getByRole('link', { name: 'Library' }).isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
        await nav.getByRole('link', { name: 'Library' }).click();
        await askedTimes(1);
        await page.waitForTimeout(500);
        assert.match(page.url(), /\/preview\//, 'declined, the page stays');
        assert.equal(await sentence().inputValue(), DRAFT_SENTENCE);
      });

      assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
    } catch (error) {
      await page.screenshot({ path: join(RESULTS, `e2e-editor-drafts-failure-${name}.png`), fullPage: true }).catch(() => undefined);
      console.error(`--- server log ---\n${server.logs()}`);
      throw error;
    } finally {
      await context.close();
    }
  });
}
