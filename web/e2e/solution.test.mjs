// The journey of issue 6: sign in, solve `2x + 3 = 11` and `x^2 - 5x + 6 = 0` on the
// create-problem screen, follow 'Analyzing your problem...' to 'Problem solved! Video ready
// for download!', play each video, see the checked answers x = 4 and x = 2, x = 3, and find
// both in the library's solutions tab. Then a problem in words (issue 51): the screen shows how
// Lectern reads it before paying, a question it cannot solve is refused inline in plain words,
// the reading is corrected and confirmed by keyboard, and the confirmed reading is solved.
// Runs against the real server, its in-process worker, the offline solver and the real
// rendering pipeline:
//   npm run build && node --test e2e/solution.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;
const RENDER_TIMEOUT = Number(process.env.LECTERN_E2E_RENDER_TIMEOUT_MS ?? 12 * 60_000);

const PROBLEMS = [
  { text: '2x + 3 = 11', answer: 'x = 4', shot: 'linear' },
  { text: 'x^2 - 5x + 6 = 0', answer: 'x = 2, x = 3', shot: 'quadratic' },
];

/** A problem in words, how Lectern reads it, a correction a student might type, and its answer. */
const WORDS = {
  text: 'Find the limit of (x^2 - 1)/(x - 1) as x approaches 1',
  reading: 'lim_(x->1) ((x^2 - 1)/(x - 1))',
  corrected: 'lim_(x->2) ((x^2 - 4)/(x - 2))',
  answer: '2',
};

const { server, browser } = await startJourney({ workers: 1 });

/** Plays the video muted until it has run for a second; returns what the element reports. */
async function playBriefly(page) {
  return page.getByTestId('video').evaluate(async (el) => {
    el.muted = true;
    await el.play();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && el.currentTime <= 1) await new Promise((r) => setTimeout(r, 200));
    el.pause();
    return { time: el.currentTime, width: el.videoWidth, duration: el.duration, error: el.error?.message ?? null };
  });
}

test('a learner solves two problems step by step, plays the videos and sees the checked answers', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-solution-${randomBytes(6).toString('hex')}@example.com`;

  try {
    await t.test('sign in on the problem solver', async () => {
      await page.goto(`${server.baseUrl}/problems/new`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Sol Ver' });
      await page.waitForURL(/\/problems\/new$/, { timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
      assert.match(await page.getByTestId('solution-cost').innerText(), /1 credit/);
    });

    for (const [index, problem] of PROBLEMS.entries()) {
      let jobId;
      await t.test(`solve ${problem.text}: analyzing, then solved`, async () => {
        await page.getByLabel('What problem should be solved?').fill(problem.text);
        await page.getByLabel('Length').fill('1');
        assert.equal(await page.getByRole('switch', { name: /Show the work/ }).isChecked(), true);
        const started = page.waitForResponse(
          (r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: /Solve step by step/ }).click();
        const response = await started;
        assert.equal(response.status(), 202, await response.text());
        jobId = (await response.json()).job_id;

        const status = page.getByTestId('generation-status');
        await status.getByText(/Analyzing your problem\.\.\.|Queued for processing\.\.\.|making the video|Recording|Rendering/).first().waitFor({ timeout: TIMEOUT });
        await page.getByTestId('queue-panel').getByText(problem.text).first().waitFor({ timeout: TIMEOUT });
        await page
          .getByTestId('credit-balance')
          .filter({ hasText: `${9 - index} credits` })
          .waitFor({ timeout: TIMEOUT });

        await status
          .getByText(/Problem solved! Ready to watch|could not be solved/)
          .first()
          .waitFor({ timeout: RENDER_TIMEOUT });
        const text = await status.innerText();
        assert.match(text, /Problem solved! Ready to watch/, text);
        const answer = status.getByTestId('solution-answer');
        await answer.waitFor({ timeout: TIMEOUT });
        const shown = await answer.innerText();
        assert.ok(shown.includes(problem.answer), `the answer ${problem.answer} is shown: ${shown}`);
        assert.match(shown, /Checked/);
        assert.match(shown, /steps? (was|were) checked by computation/);
        await page.screenshot({ path: join(RESULTS, `e2e-solution-${problem.shot}-solved.png`), fullPage: true });
      });

      await t.test(`play the ${problem.text} video and see its answer ${problem.answer}`, async () => {
        await page.getByRole('link', { name: /Watch now/ }).click();
        await page.waitForURL(new RegExp(`/video/${jobId}$`), { timeout: TIMEOUT });
        await page.getByTestId('video').waitFor({ timeout: TIMEOUT });
        const played = await playBriefly(page);
        assert.ok(played.time > 1 && played.width > 0, `the video plays: ${JSON.stringify(played)}`);
        const solution = page.getByRole('region', { name: 'Solution' });
        await solution.waitFor({ timeout: TIMEOUT });
        const shown = await solution.innerText();
        assert.ok(shown.includes(problem.answer), `the player shows ${problem.answer}: ${shown}`);
        assert.match(shown, /Checked/);
        await page.getByRole('list', { name: 'Transcript' }).waitFor({ timeout: TIMEOUT });
        const transcript = await page.getByRole('list', { name: 'Transcript' }).innerText();
        assert.match(transcript, /the answer is x equals/, transcript);
        await page.screenshot({ path: join(RESULTS, `e2e-solution-${problem.shot}-player.png`), fullPage: true });
        await page.getByRole('link', { name: 'Back' }).click();
        await page.waitForURL(/\/problems\/new$/, { timeout: TIMEOUT });
      });
    }

    await t.test('both solutions are in the library under Solutions', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Solutions' }).click();
      await page.waitForURL(/\/library\/solutions$/, { timeout: TIMEOUT });
      for (const problem of PROBLEMS) {
        await page.getByTestId('media-card').filter({ hasText: problem.text }).first().waitFor({ timeout: TIMEOUT });
      }
      await page.screenshot({ path: join(RESULTS, 'e2e-solution-library.png') });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '8 credits');
    });

    await t.test('a problem in words: read before paying, refused inline, corrected, confirmed and solved', async () => {
      await page.goto(`${server.baseUrl}/problems/new`);
      const text = page.getByLabel('What problem should be solved?');
      const panel = page.getByRole('region', { name: 'How Lectern reads your problem' });

      // What Lectern cannot solve is said inline, in plain words, before anything is ordered.
      await text.fill('Why is the sky blue?');
      const refusal = panel.getByTestId('problem-reading-refusal');
      await refusal.waitFor({ timeout: TIMEOUT });
      assert.match(await refusal.innerText(), /could not read "Why is the sky blue\?" as mathematics it can solve/);
      assert.deepEqual(await axeViolations(page), [], 'a refused reading has no axe violations');

      // The words are read as a limit: ordering waits for the reading to be confirmed.
      await text.fill(WORDS.text);
      const reading = panel.getByTestId('problem-reading-text');
      await reading.filter({ hasText: WORDS.reading }).waitFor({ timeout: TIMEOUT });
      assert.match(await panel.innerText(), /Lectern reads this as a limit/);
      await page.getByRole('button', { name: /Solve step by step/ }).click();
      await page.getByRole('alert').filter({ hasText: 'Confirm how Lectern reads your problem' }).waitFor({ timeout: TIMEOUT });
      const confirm = panel.getByRole('button', { name: 'This reading is right' });
      assert.equal(await confirm.evaluate((el) => el === document.activeElement), true, 'the confirmation is focused');
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '8 credits', 'nothing was charged');
      assert.deepEqual(await axeViolations(page), [], 'a reading waiting for its confirmation has no axe violations');
      await page.screenshot({ path: join(RESULTS, 'e2e-solution-words-reading.png'), fullPage: true });

      // Corrected by keyboard: the correction replaces the text and is read again, Escape leaves it.
      await panel.getByRole('button', { name: 'Correct the reading' }).click();
      const correction = page.getByLabel('Your correction of the reading');
      assert.equal(await correction.inputValue(), WORDS.reading);
      await correction.press('Escape');
      assert.equal(await text.inputValue(), WORDS.text);
      await panel.getByRole('button', { name: 'Correct the reading' }).click();
      await page.getByLabel('Your correction of the reading').fill(WORDS.corrected);
      await page.getByLabel('Your correction of the reading').press('Enter');
      assert.equal(await text.inputValue(), WORDS.corrected);
      await reading.filter({ hasText: WORDS.corrected }).waitFor({ timeout: TIMEOUT });

      // Back to the words, confirmed with the keyboard, then ordered.
      await text.fill(WORDS.text);
      await reading.filter({ hasText: WORDS.reading }).waitFor({ timeout: TIMEOUT });
      await confirm.focus();
      await page.keyboard.press('Space');
      assert.equal(await confirm.getAttribute('aria-pressed'), 'true');
      await page.getByLabel('Length').fill('1');
      const started = page.waitForResponse(
        (r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: /Solve step by step/ }).click();
      const response = await started;
      assert.equal(response.status(), 202, await response.text());
      assert.equal(response.request().postDataJSON().problem_text, WORDS.text);

      const status = page.getByTestId('generation-status');
      await status.getByText(/Problem solved! Ready to watch|could not be solved/).first().waitFor({ timeout: RENDER_TIMEOUT });
      const answer = status.getByTestId('solution-answer');
      await answer.waitFor({ timeout: TIMEOUT });
      const value = (await answer.locator('.solution-answer__value').innerText()).trim();
      assert.equal(value, WORDS.answer, `the answer of the confirmed reading is ${WORDS.answer}`);
      assert.match(await answer.innerText(), /Checked/);
      await page.getByTestId('credit-balance').filter({ hasText: '7 credits' }).waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: join(RESULTS, 'e2e-solution-words-solved.png'), fullPage: true });
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-solution-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
