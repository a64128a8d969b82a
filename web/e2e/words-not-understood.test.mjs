// Issue 51's last journey: a problem in words that neither the rule reader nor the language
// model can read. The real `lectern serve` is given a model (LECTERN_LLM_BASE_URL) that is a
// local stand-in speaking OpenAI's chat-completions wire format and answering readings the
// solver refuses: first the answer worked out in words, then, asked again with that reading
// quoted, a bare number. The screen says inline, in plain words, what was not understood and
// how to write it; ordering it is refused by the server with nothing charged and no job; the
// model was asked exactly twice (a reading and one re-ask), and the reading is kept for submit.
// Its own file: a server with a model would write the other journeys' solutions with the
// stand-in.
//   npm run build && node --test e2e/words-not-understood.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { axeViolations } from './axe.mjs';
import { signInThroughPopup } from './browser.mjs';
import { startModelStandIn } from './model-stand-in.mjs';
import { RESULTS, startJourney } from './server.mjs';

const TIMEOUT = 20_000;

/** Words that look like mathematics, which the rule reader does not read: they go to the model. */
const PROBLEM = 'Ann is 7 years older than Ben, and their ages total 41. How old is Ben?';
/** The stand-in's readings: the answer in words, then, asked again, the answer alone. Neither is used. */
const NOTATIONS = ['Ben is seventeen', '17'];

const standIn = await startModelStandIn({ notations: NOTATIONS });
after(() => standIn.close());
const { server, browser } = await startJourney({
  env: {
    LECTERN_LLM_BASE_URL: standIn.baseUrl,
    LECTERN_LLM_MODEL: standIn.model,
    // Set, so that a key in the developer's environment is never sent anywhere.
    LECTERN_LLM_API_KEY: 'sk-e2e-stand-in',
  },
});

/** Whether the focused element shows a focus ring (the app's :focus-visible box shadow). */
const focusShown = (locator) =>
  locator.evaluate((el) => el === document.activeElement && el.matches(':focus-visible') && getComputedStyle(el).boxShadow !== 'none');

test('words neither Lectern nor its language model can read: refused inline, not charged, no job', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `e2e-unread-${randomBytes(6).toString('hex')}@example.com`;
  const text = page.getByLabel('What problem should be solved?');
  const panel = page.getByRole('region', { name: 'How Lectern reads your problem' });
  const refusal = panel.getByTestId('problem-reading-refusal');
  const solve = page.getByRole('button', { name: /Solve step by step/ });
  let detail;
  let bearer;

  try {
    await t.test('sign in on the problem solver', async () => {
      await page.goto(`${server.baseUrl}/problems/new`);
      await page.waitForURL(/\/auth/, { timeout: TIMEOUT });
      await signInThroughPopup(page, { email, name: 'Un Read' });
      await page.waitForURL(/\/problems\/new$/, { timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits');
    });

    await t.test('the refusal is said inline, in plain words, before anything is ordered', async () => {
      const read = page.waitForResponse(
        (r) => r.url().endsWith('/api/problems/read') && r.request().postDataJSON()?.problem_text === PROBLEM,
        { timeout: TIMEOUT },
      );
      await text.fill(PROBLEM);
      const response = await read;
      assert.equal(response.status(), 200, await response.text());
      bearer = (await response.request().allHeaders()).authorization;
      const reading = await response.json();
      assert.equal(reading.kind, 'not_understood', JSON.stringify(reading));
      assert.equal(reading.reading, '');
      assert.equal(reading.solvable, false);
      detail = reading.detail;

      await refusal.waitFor({ timeout: TIMEOUT });
      const shown = (await refusal.innerText()).trim();
      assert.equal(shown, detail, 'the panel shows what the server said');
      // What was not understood, and how to write it, with examples.
      assert.match(shown, /^Lectern could not read "Ann is 7 years older than Ben, and their ages total 41\. How old is Ben\?"/);
      assert.match(shown, /Write it as an equation, an inequality or a question with numbers/);
      assert.match(shown, /for example "Solve 2x \+ 3 = 11"/);
      // Plain words: nothing of the model's rejected readings or of the checker's reasons.
      const said = await panel.innerText();
      for (const internal of [/seventeen/i, /"17"/, /notation/i, /JSON/, /schema/i, /set-up/i, /re-?ask/i, /cannot be used/i]) {
        assert.doesNotMatch(said, internal, `the panel says nothing like ${internal}: ${said}`);
      }
      // No reading to confirm or correct, and no promise that the model will try it later.
      assert.doesNotMatch(said, /will try it instead/);
      assert.equal(await panel.getByRole('button', { name: 'This reading is right' }).count(), 0);
      assert.equal(await panel.getByRole('button', { name: 'Correct the reading' }).count(), 0);
      assert.equal(await panel.getByTestId('problem-reading-text').count(), 0);
    });

    await t.test('the model was asked once, then once again with its reading quoted', async () => {
      assert.equal(standIn.requests.length, 2, JSON.stringify(standIn.requests, null, 2));
      const [first, second] = standIn.requests;
      for (const request of [first, second]) {
        assert.equal(request.model, standIn.model);
        assert.equal(request.response_format?.type, 'json_schema');
        assert.equal(request.response_format.json_schema.name, 'problem_notation');
        assert.deepEqual(request.response_format.json_schema.schema.required, ['unknowns', 'notation']);
        assert.notEqual(request.stream, true);
      }
      assert.equal(first.temperature, 0, 'the first reading is the likeliest one');
      assert.equal(first.messages.at(-1).content, `Problem: ${PROBLEM}`);
      assert.equal(second.temperature, 0.7, 'the re-ask is sampled');
      assert.deepEqual(second.messages.slice(0, first.messages.length), first.messages);
      assert.deepEqual(second.messages.at(-2), { role: 'assistant', content: JSON.stringify({ notation: NOTATIONS[0] }) });
      assert.match(second.messages.at(-1).content, /^The notation "Ben is seventeen" cannot be used: /);
    });

    await t.test('the refused state passes axe and is reached by keyboard', async () => {
      assert.deepEqual(await axeViolations(page), [], 'words that were not understood: no axe violations');
      // The new account's welcome toast would cover the panel in the screenshot: it is dismissed.
      const welcome = page.locator('.toast').filter({ hasText: 'Welcome to Lectern' });
      if (await welcome.count()) await welcome.getByRole('button', { name: 'Dismiss notification' }).click();
      await page.screenshot({ path: join(RESULTS, 'e2e-words-not-understood.png'), fullPage: true });

      // From the problem's text, Tab reaches "Edit my problem" with a visible focus ring, and it
      // takes the focus back to the text to rewrite it.
      const edit = panel.getByRole('button', { name: 'Edit my problem' });
      await text.focus();
      for (let presses = 0; presses < 15 && !(await edit.evaluate((el) => el === document.activeElement)); presses += 1) {
        await page.keyboard.press('Tab');
      }
      assert.equal(await focusShown(edit), true, '"Edit my problem" is reached by Tab, its focus shown');
      await page.keyboard.press('Enter');
      // The focus moves in the next animation frame: waited for, not read at once.
      const focused = await page
        .waitForFunction((el) => el === document.activeElement, await text.elementHandle(), { timeout: 5_000 })
        .then(() => true, () => false);
      assert.equal(focused, true, 'the text is focused to be rewritten');
    });

    await t.test('ordering it anyway is refused before any charge: a 422 not_understood, no job', async () => {
      const started = page.waitForResponse(
        (r) => r.url().endsWith('/api/video/generate-solution') && r.request().method() === 'POST',
        { timeout: TIMEOUT },
      );
      // Ordered by keyboard: the button is enabled, the server decides.
      assert.equal(await solve.isEnabled(), true);
      await solve.focus();
      await page.keyboard.press('Enter');
      const response = await started;
      assert.equal(response.status(), 422, await response.text());
      const [error] = (await response.json()).detail;
      assert.equal(error.type, 'not_understood', JSON.stringify(error));
      assert.deepEqual(error.loc, ['body', 'problem_text']);
      assert.equal(error.msg, detail, 'submit refuses with the words the panel showed');

      const status = page.getByTestId('generation-status');
      await status.getByText('The problem could not be solved').waitFor({ timeout: TIMEOUT });
      assert.ok((await status.innerText()).includes(detail), 'the banner says why');
      const heading = page.locator('#gen-status-title');
      await page.waitForFunction(() => document.activeElement?.id === 'gen-status-title', null, { timeout: TIMEOUT });
      assert.equal(await heading.innerText(), 'The problem could not be solved', 'the focus goes to what happened');
      assert.equal(await focusShown(heading), true, 'and it is shown');
      assert.equal(await page.getByTestId('queue-panel').count(), 0, 'nothing was queued');
      assert.deepEqual(await axeViolations(page), [], 'the refused order: no axe violations');
      await page.screenshot({ path: join(RESULTS, 'e2e-words-not-understood-ordered.png'), fullPage: true });

      // Nothing charged, no job, and the model was not asked again: the reading was kept.
      const jobs = await page.request.get(`${server.baseUrl}/api/jobs`, { headers: { authorization: bearer } });
      assert.equal(jobs.status(), 200, await jobs.text());
      assert.deepEqual((await jobs.json()).jobs, [], 'no job was created');
      assert.equal(standIn.requests.length, 2, 'submit used the kept reading');
      await page.reload();
      await page.getByTestId('credit-balance').filter({ hasText: /credits?/ }).waitFor({ timeout: TIMEOUT });
      assert.equal((await page.getByTestId('credit-balance').innerText()).trim(), '10 credits', 'nothing was charged');
      // The draft comes back with its refusal, read again from what the server kept.
      assert.equal(await text.inputValue(), PROBLEM);
      await refusal.waitFor({ timeout: TIMEOUT });
      assert.equal((await refusal.innerText()).trim(), detail);
      assert.equal(standIn.requests.length, 2, 'the model is asked about the same words once');
    });

    assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors');
  } catch (error) {
    await page.screenshot({ path: join(RESULTS, 'e2e-words-not-understood-failure.png'), fullPage: true }).catch(() => undefined);
    console.error(`--- server log ---\n${server.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
});
