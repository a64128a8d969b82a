// The journey of issue 50 in the web app: reach Sources from the main navigation by keyboard,
// paste a document, choose it on the create-video screen, preview the storyboard written from
// it (a free dry run), make a 1-minute video from it and read its transcript in the player,
// opening a sentence's citation when the writer cited one.
// The e2e server runs the offline writer (LECTERN_LOCAL_MODEL=off), which writes from the topic
// and cites no passage: the journey then checks that the video and its transcript say nothing
// of citations they do not have. With a local model (LECTERN_LOCAL_MODEL=smollm2-135m, say) the
// sentences carry cites and the journey opens one.
//   npm run build && node --test e2e/sources.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);
const TITLE = 'Notes on the Veltrane glassworks';
const PASSAGE =
  'The Veltrane glassworks was founded in 1873 by Orla Quist on the banks of the river Amsel. ' +
  'After shaping, each pane rests in the lehr, a long annealing oven held at 512 degrees, and cools by four degrees an hour ' +
  'so that no strain is frozen into the glass.';
const TEXT = `${PASSAGE}\n\nQuist's method of quenching plunges the hot pane into brine at 9 degrees for exactly eleven seconds.`;
const TOPIC = 'How the Veltrane glassworks anneals its glass';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const { server, browser } = await startJourney({ workers: 1 });

const shot = (page, name, fullPage = false) => page.screenshot({ path: join(RESULTS, `e2e-sources-${name}.png`), fullPage });

/** The answer of the job's status poll once the job has finished. */
function finishedStatus(page, jobId, timeout) {
  return page.waitForResponse(
    async (r) => {
      if (!r.url().includes(`/api/job/${jobId}/status`) || r.status() !== 200) return false;
      const body = await r.json().catch(() => null);
      return ['completed', 'failed', 'cancelled'].includes(body?.status);
    },
    { timeout },
  );
}

test('a learner adds a document, chooses it for a video and reads the video’s transcript', async (t) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-sources-${randomBytes(6).toString('hex')}@example.com`;
  let sourceId;
  let jobId;

  try {
    await t.test('sign in, then reach Sources from the main navigation with the keyboard', async () => {
      await page.goto(`${server.baseUrl}/library`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Sofia Sources' });
      await page.waitForURL(/\/library/, { timeout: TIMEOUT });
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sources' });
      await link.waitFor({ timeout: TIMEOUT });
      // From the start of the navigation (the page itself puts the focus on its heading).
      await page.getByRole('link', { name: 'Lectern home' }).focus();
      let focused = false;
      for (let i = 0; i < 8 && !focused; i += 1) {
        await page.keyboard.press('Tab');
        focused = await link.evaluate((el) => el === document.activeElement);
      }
      assert.ok(focused, 'Tab reaches the Sources link');
      const ring = await link.evaluate((el) => getComputedStyle(el).boxShadow);
      assert.notEqual(ring, 'none', 'the focused link shows its focus');
      await shot(page, 'nav-focus');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/sources$/, { timeout: TIMEOUT });
      // The URL changes before React marks the link: wait for the mark rather than read it once.
      await page
        .getByRole('navigation', { name: 'Main' })
        .locator('a[aria-current="page"]', { hasText: 'Sources' })
        .waitFor({ timeout: TIMEOUT });
      assert.equal(await link.getAttribute('aria-current'), 'page');
    });

    await t.test('paste a document: it is read into passages and listed', async () => {
      await page.getByLabel('Title', { exact: true }).fill(TITLE);
      await page.getByLabel('Text', { exact: true }).fill(TEXT);
      const added = page.waitForResponse((r) => r.url().endsWith('/api/sources') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Add text' }).click();
      const response = await added;
      assert.equal(response.status(), 201, await response.text());
      sourceId = (await response.json()).sources[0].id;
      await page.getByRole('status').filter({ hasText: `Added ${TITLE}.` }).waitFor({ timeout: TIMEOUT });
      await page.locator('.sources__item').filter({ hasText: TITLE }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await axeViolations(page), [], 'the Sources page has no axe violations');
    });

    await t.test('choose it on the create-video screen', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
      await page.waitForURL(/\/create$/, { timeout: TIMEOUT });
      const group = page.getByRole('group', { name: /Sources/ });
      const box = group.getByRole('checkbox', { name: new RegExp(TITLE) });
      await box.waitFor({ timeout: TIMEOUT });
      assert.match(await group.innerText(), /Text · 1 passage/);
      await box.focus();
      await page.keyboard.press('Space');
      assert.equal(await box.isChecked(), true);
      await group.getByText('1 of 10 chosen.').waitFor();
      // The order says whether the document is written from: the offline writer uses the topic alone.
      await page.locator('[data-testid="writer-notice"][data-writer]').waitFor({ timeout: TIMEOUT });
      const offline = (await page.getByRole('button', { name: 'Generate offline draft' }).count()) > 0;
      await page
        .getByText(offline ? 'Not written from your document: the offline writer uses the topic alone' : 'Written from your document, each sentence cited')
        .waitFor();
      await page.getByLabel('What should the video explain?').fill(TOPIC);
      await page.getByLabel('Length').fill('1');
      for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        assert.deepEqual(await axeViolations(page), [], `no axe violations on the create screen with a source chosen (${name})`);
        await shot(page, `create-${name}`, true);
      }
      await page.setViewportSize(DESKTOP);
    });

    await t.test('preview the storyboard: the dry run is written with the chosen source', async (tt) => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Preview storyboard' }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const sent = response.request().postDataJSON();
      assert.equal(sent.dry_run, true);
      assert.deepEqual(sent.source_ids, [sourceId]);
      const dryRun = (await response.json()).job_id;
      const status = await (await finishedStatus(page, dryRun, RENDER_TIMEOUT)).json();
      assert.equal(status.status, 'completed', JSON.stringify(status));
      const scenes = status.result?.storyboard?.scenes ?? [];
      assert.ok(scenes.length > 0, 'the dry run wrote a storyboard');
      const cited = scenes.flatMap((s) => s.cites ?? []).flat();
      tt.diagnostic(`the dry run's storyboard cites ${cited.length} passages (writer: ${status.result?.storyboard?.origin})`);
      if (status.result?.storyboard?.origin === 'offline_draft') {
        assert.equal(cited.length, 0, 'the offline writer cites nothing');
      }
      assert.ok(cited.every((c) => c.source_id === sourceId), 'only the chosen source is cited');
      await page.getByTestId('scene-card').first().waitFor({ timeout: TIMEOUT });
      // Back on the form, the choice is still there (the form keeps its draft until a job is queued).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
      await page.waitForURL(/\/create$/, { timeout: TIMEOUT });
      const box = page.getByRole('group', { name: /Sources/ }).getByRole('checkbox', { name: new RegExp(TITLE) });
      await box.waitFor({ timeout: TIMEOUT });
      assert.equal(await box.isChecked(), true, 'the chosen source is still chosen');
    });

    await t.test('make the 1-minute video from it', async () => {
      const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
      await page.getByRole('button', { name: /Generate (video|offline draft)/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      const sent = response.request().postDataJSON();
      assert.deepEqual(sent.source_ids, [sourceId]);
      assert.equal(sent.dry_run, false);
      jobId = (await response.json()).job_id;
      const status = page.getByTestId('generation-status');
      await status.getByText(/Ready to watch|could not be created|was cancelled/).first().waitFor({ timeout: RENDER_TIMEOUT });
      const final = await status.innerText();
      if (!/Ready to watch/.test(final)) assert.fail(`the job did not complete:\n${final}`);
    });

    await t.test('the player’s transcript shows each sentence’s citation, if it has one', async (tt) => {
      const transcriptAnswer = page.waitForResponse((r) => r.url().includes(`/api/media/transcript/${jobId}`), { timeout: TIMEOUT });
      await page.getByRole('link', { name: /Watch now/ }).click();
      await page.waitForURL(new RegExp(`/video/${jobId}$`), { timeout: TIMEOUT });
      const transcript = await (await transcriptAnswer).json();
      const list = page.getByRole('list', { name: 'Transcript' });
      await list.waitFor({ timeout: TIMEOUT });
      assert.ok(transcript.cues.length > 0, 'the transcript has sentences');
      assert.ok(transcript.cues.every((c) => Array.isArray(c.cites)), 'every sentence says what it cites');
      const cited = transcript.cues.filter((c) => c.cites.length > 0);
      tt.diagnostic(`${cited.length} of ${transcript.cues.length} sentences cite a passage; documents: ${JSON.stringify(transcript.documents)}`);
      const marks = list.getByRole('button', { name: /^\[\d+\] Source: / });
      if (cited.length === 0) {
        // The offline writer wrote from the topic: no sentence claims a passage, and none is marked.
        assert.equal(await marks.count(), 0);
        assert.equal(await page.getByText(/Written from your documents/).count(), 0);
      } else {
        assert.deepEqual(
          transcript.documents.map((d) => [d.source_id, d.title]),
          [[sourceId, TITLE]],
        );
        const mark = marks.first();
        await mark.focus();
        await page.keyboard.press('Enter');
        assert.equal(await mark.getAttribute('aria-expanded'), 'true');
        const figure = page.locator(`#${await mark.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
        await figure.getByText(TITLE).waitFor({ timeout: TIMEOUT });
        await figure.locator('blockquote').waitFor({ timeout: TIMEOUT });
        assert.ok(TEXT.includes((await figure.locator('blockquote').innerText()).trim().slice(0, 40)), 'the passage is the document’s own text');
      }
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      assert.deepEqual(await axeViolations(page), [], 'the player has no axe violations');
      await shot(page, 'player', true);
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-sources-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
