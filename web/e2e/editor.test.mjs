// The journey of issue 16: preview a video's storyboard for free, edit a sentence and an
// equation, render it (1 credit) and hear the new sentence in its captions; then fix one
// sentence of the finished video (free for up to 3 scenes), and find that only that sentence
// changed and that the video now has two versions. Then a problem's storyboard: previewed for
// free from the create-problem form and rendered with the dry run it came from.
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

  try {
    await t.test('sign in', () => signInOn(page, 'lesson', email, 'Edith Editor'));

    await t.test('preview a topic: a free dry run that opens in the storyboard editor', async () => {
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Preview storyboard' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      assert.equal(response.request().postDataJSON().dry_run, true, 'the preview is a dry run');

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
      const narrated = cards.nth(1);
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
    });

    await t.test('the video completes and its captions say the edited sentence', async () => {
      await playable(page);
      captionsBefore = await captions(page);
      assert.ok(captionsBefore.includes(PREVIEW_SENTENCE), `the captions carry the edited sentence:\n${captionsBefore}`);
      await balance(page, '9 credits');
      await shot(page, 'rendered');
    });

    await t.test('edit the finished video: one sentence, "free", confirmed', async () => {
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(new RegExp(`/video/${videoJobId}/edit$`), { timeout: TIMEOUT });
      const cards = page.getByTestId('scene-card');
      await cards.first().waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await axeViolations(page), [], 'the edit screen has no axe violations');

      // The last scene's first sentence: not the one changed before.
      const sentence = cards.last().getByLabel('Sentence 1', { exact: true });
      originalSentence = flat(await sentence.inputValue());
      assert.notEqual(originalSentence, PREVIEW_SENTENCE);
      assert.ok(captionsBefore.includes(originalSentence), `the captions carry the sentence to change: ${originalSentence}`);
      await sentence.fill(REVISED_SENTENCE);

      const priced = page.waitForResponse((r) => /\/api\/video\/[^/]+\/revisions$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const price = await priced;
      assert.equal(price.status(), 200, await price.text());
      assert.deepEqual(price.request().postDataJSON().dry_run, true, 'the price is asked first');
      const stated = await price.json();
      assert.equal(stated.job_id, null);
      assert.equal(stated.scenes_changed, 1);
      assert.equal(stated.cost, 0);
      const cost = page.getByTestId('revision-cost');
      await cost.waitFor();
      assert.equal(flat(await cost.innerText()), '1 scene changed — free');
      await balance(page, '9 credits');
      await shot(page, 'edit-priced');

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
