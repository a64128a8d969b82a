// Issue 17's SCORM 1.2 export, the part that runs in the LMS: a lesson page made from
// api/assets/scorm (the template, player.js and player.css, with the web app's tokens.css and
// checkpoint.css), played in a stand-in LMS (scorm-harness.mjs) that records every SCORM call.
// The package is a fixture built here (a 12-second MP4 from ffmpeg, captions, two checkpoints),
// zipped and unzipped as an LMS would; no Lectern server is needed:
//   node --test --test-concurrency=1 e2e/scorm.test.mjs
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { axeViolations } from './axe.mjs';
import { launchBrowser } from './browser.mjs';
import { readHarness, scoFrame, serveScormPackage, unzipPackage } from './scorm-harness.mjs';
import { RESULTS, WEB_DIR } from './server.mjs';

const run = promisify(execFile);
const TIMEOUT = 15_000;
const ASSETS = join(WEB_DIR, '..', 'api', 'assets', 'scorm');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCO = 'lesson-01/index.html';
const CMITIMESPAN = /^\d{4}:\d{2}:\d{2}\.\d{2}$/;

const LESSON = {
  title: 'Speed & distance',
  course_title: 'Motion <basics>',
  number: 1,
  count: 3,
  video: 'video.mp4',
  subtitles: 'subtitles.vtt',
  duration: 12,
  chapters: [
    { start: 0, end: 4, title: 'What speed means' },
    { start: 4, end: 8, title: 'Reading a distance–time graph' },
    { start: 8, end: 12, title: 'Putting it together' },
  ],
  checkpoints: [
    {
      index: 0,
      question: 'What is speed?',
      kind: 'choice',
      options: ['Time divided by distance', 'Distance divided by time', 'Distance times time'],
      answer: 1,
      value: null,
      tolerance: null,
      unit: null,
      explanation: 'Speed is how far something goes in each unit of time.',
      at: 4,
      rewatch_from: 1,
      heading: 'What speed means',
    },
    {
      index: 1,
      question: 'A snail crawls 1 m in 4 s. What is its speed?',
      kind: 'number',
      options: [],
      answer: null,
      value: 0.25,
      tolerance: 0.01,
      unit: 'm/s',
      explanation: '1 m divided by 4 s is 0.25 m/s.',
      at: 8,
      rewatch_from: 4.5,
      heading: 'Reading a distance–time graph',
    },
  ],
  // Written from the learner's documents (issue 50): what scorm.rs writes for such a lesson.
  sources: {
    documents: [
      { title: 'Notes on motion', pages: [2, 3] },
      { title: 'Old draft', pages: [] },
    ],
    sentences: [
      { start: 0, end: 4, text: 'Speed tells how far something goes each second.', cites: [1] },
      { start: 4, end: 8, text: 'On a distance–time graph, speed is the slope.', cites: [2, 1] },
      { start: 8, end: 12, text: 'Let us put it together.', cites: [] },
    ],
    citations: [
      { number: 1, title: 'Notes on motion', page: 2, heading: 'Speed', text: 'Speed is the distance travelled in each unit of time.' },
      { number: 2, title: 'Old draft', page: null, heading: null, text: null },
    ],
  },
};

const VTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
Speed tells how far something goes each second.

00:00:04.000 --> 00:00:08.000
On a distance–time graph, speed is the slope.

00:00:08.000 --> 00:00:12.000
Let us put it together.
`;

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The package as the API lays it out, zipped, then unzipped into a fresh folder by the harness. */
async function buildPackage() {
  const work = await mkdtemp(join(tmpdir(), 'lectern-scorm-fixture-'));
  const source = join(work, 'source');
  await mkdir(join(source, 'shared'), { recursive: true });
  await mkdir(join(source, 'lesson-01'), { recursive: true });
  await copyFile(join(ASSETS, 'player.js'), join(source, 'shared', 'player.js'));
  await copyFile(join(ASSETS, 'player.css'), join(source, 'shared', 'player.css'));
  // The web app's own stylesheets, as scorm.rs adds them.
  await copyFile(join(WEB_DIR, 'src', 'styles', 'tokens.css'), join(source, 'shared', 'tokens.css'));
  await copyFile(join(WEB_DIR, 'src', 'features', 'player', 'components', 'checkpoint.css'), join(source, 'shared', 'checkpoint.css'));
  const template = await readFile(join(ASSETS, 'sco.html'), 'utf8');
  await writeFile(
    join(source, 'lesson-01', 'index.html'),
    template.replaceAll('{{title}}', escapeHtml(LESSON.title)).replaceAll('{{course}}', escapeHtml(LESSON.course_title)),
  );
  await writeFile(join(source, 'lesson-01', 'lesson.js'), `window.LECTERN_LESSON = ${JSON.stringify(LESSON, null, 2)};\n`);
  await writeFile(join(source, 'lesson-01', 'subtitles.vtt'), VTT);
  // A real H.264/AAC MP4 (the pipeline's codecs), 12 s, quick to encode.
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10',
    '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '12', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
    join(source, 'lesson-01', 'video.mp4'),
  ]);
  const zip = join(work, 'package.zip');
  await run('python3', ['-m', 'zipfile', '-c', zip, 'shared', 'lesson-01'], { cwd: source });
  const unzipped = join(work, 'unzipped');
  await unzipPackage(await readFile(zip), unzipped);
  return { dir: unzipped, remove: () => rm(work, { recursive: true, force: true }) };
}

await mkdir(RESULTS, { recursive: true });
const fixture = await buildPackage();
const lms = await serveScormPackage(fixture.dir);
const browser = await launchBrowser();
after(async () => {
  await browser.close().catch(() => undefined);
  await lms.close();
  await fixture.remove();
});

/** A page that collects uncaught errors and the player's SCORM warnings, from the harness and the SCO. */
async function openPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  return { context, page, problems };
}

const sets = (calls, element) => calls.filter((c) => c.fn === 'LMSSetValue' && c.args[0] === element).map((c) => c.args[1]);
const gets = (calls, element) => calls.filter((c) => c.fn === 'LMSGetValue' && c.args[0] === element).map((c) => c.result);
/** The calls that talk to the LMS: without the error checks after each one. */
const talk = (calls) => calls.filter((c) => !/^LMSGet(LastError|ErrorString|Diagnostic)$/.test(c.fn));

/** The video's state in the SCO. */
const videoState = (frame) =>
  frame.locator('video').evaluate((v) => ({ time: v.currentTime, paused: v.paused, ended: v.ended, duration: v.duration }));

/** Plays the muted video from `from` (the test jumps close to a question to stay short). */
const playFrom = (frame, from) =>
  frame.locator('video').evaluate((v, at) => {
    v.muted = true;
    v.currentTime = at;
    return v.play();
  }, from);

/** Waits in the page until the video has played to `time`, then pauses it there. */
const pauseAt = (frame, time) =>
  frame.locator('video').evaluate(async (v, at) => {
    const deadline = Date.now() + 15_000;
    while (v.currentTime < at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    v.pause();
    return v.currentTime;
  }, time);

async function waitForPlayer(frame) {
  await frame.locator('video').evaluate(
    (v) => v.readyState >= 1 || new Promise((done) => v.addEventListener('loadedmetadata', () => done(true), { once: true })),
  );
}

async function screenshots(page, name) {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, `e2e-scorm-${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** axe on the SCO's own document (in the harness frame), at desktop and phone width. */
async function assertAccessible(page, frame, where) {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    assert.deepEqual(await axeViolations(frame), [], `no axe violations ${where} (${label})`);
  }
  await page.setViewportSize(DESKTOP);
}

test('a learner plays a lesson in an LMS: questions, rewatch, resume, completion and score are reported through SCORM 1.2', async (t) => {
  const { context, page, problems } = await openPage();
  let frame;
  let pausedAt;
  try {
    await t.test('the lesson starts: LMSInitialize, status incomplete, exit suspend, captions on, no LMS notice', async () => {
      await page.goto(lms.harnessUrl(SCO, { store: 'journey', fresh: true }));
      frame = await scoFrame(page);
      await waitForPlayer(frame);
      assert.equal(await frame.title(), 'Speed & distance · Motion <basics>');
      await frame.getByRole('heading', { level: 1, name: 'Speed & distance' }).waitFor();
      assert.equal((await frame.locator('#sco-position').innerText()).trim(), 'Lesson 1 of 3 · Motion <basics>');
      assert.equal(await frame.getByText('Not connected to an LMS').count(), 0);
      const track = await frame.locator('video').evaluate((v) => ({ kind: v.textTracks[0]?.kind, mode: v.textTracks[0]?.mode }));
      assert.deepEqual(track, { kind: 'captions', mode: 'showing' });

      const { calls } = await readHarness(page);
      const first = talk(calls);
      assert.deepEqual(first[0], { fn: 'LMSInitialize', args: [''], result: 'true' });
      assert.deepEqual(gets(calls, 'cmi.core.lesson_status'), ['not attempted']);
      assert.deepEqual(sets(calls, 'cmi.core.lesson_status'), ['incomplete']);
      assert.deepEqual(sets(calls, 'cmi.core.exit'), ['suspend']);
      assert.equal(first.at(-1).fn, 'LMSCommit');
      const chapters = frame.getByRole('region', { name: 'Chapters' });
      await chapters.getByRole('button', { name: 'Question 1: Not answered yet' }).waitFor();
      await chapters.getByRole('button', { name: 'Question 2: Not answered yet' }).waitFor();
      assert.equal(await chapters.getByRole('button').count(), 5, 'three chapters and two questions');
    });

    await t.test('a seek past a question does not ask it; playing through its point pauses there and asks it', async () => {
      await playFrom(frame, 0);
      await frame.locator('video').evaluate((v) => (v.currentTime = 5));
      await page.waitForTimeout(800);
      assert.equal(await frame.getByRole('dialog').count(), 0, 'seeking past 0:04 asks nothing');

      await frame.locator('video').evaluate((v) => (v.currentTime = 3.4));
      const dialog = frame.getByRole('dialog', { name: 'Question 1 of 2' });
      await dialog.waitFor({ timeout: TIMEOUT });
      const state = await videoState(frame);
      assert.ok(state.paused, 'the video pauses for the question');
      assert.ok(state.time >= 4 && state.time < 4.75, `paused at ${state.time}`);
      assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute('type')), 'radio', 'the focus moves into the question');
      await assertAccessible(page, frame, 'with a choice question open');
      await screenshots(page, 'question');
    });

    await t.test('a right answer: "Correct" with the explanation, score 50 of 100, answers in suspend_data', async () => {
      const dialog = frame.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Check answer' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Choose an answer first.' }).waitFor();
      await dialog.getByRole('radio', { name: 'Distance divided by time' }).check();
      await dialog.getByRole('button', { name: 'Check answer' }).click();
      const verdict = dialog.getByRole('status');
      await verdict.getByText('Correct', { exact: true }).waitFor();
      assert.match(await verdict.innerText(), /how far something goes in each unit of time/);
      assert.equal(await frame.evaluate(() => document.activeElement?.textContent), 'Continue');

      const { calls } = await readHarness(page);
      assert.deepEqual(sets(calls, 'cmi.core.score.min'), ['0']);
      assert.deepEqual(sets(calls, 'cmi.core.score.max'), ['100']);
      assert.deepEqual(sets(calls, 'cmi.core.score.raw'), ['50']);
      assert.deepEqual(JSON.parse(sets(calls, 'cmi.suspend_data').at(-1)).answers, { 0: true });
      assert.equal(talk(calls).at(-1).fn, 'LMSCommit');
      await frame.getByRole('button', { name: 'Question 1: Correct' }).waitFor();
      await assertAccessible(page, frame, 'with an answered question');
      await screenshots(page, 'question-right');
    });

    await t.test('"Rewatch this part" plays the scene again and the question comes back at its point', async () => {
      const dialog = frame.getByRole('dialog');
      await dialog.getByRole('button', { name: /Rewatch this part/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const back = await videoState(frame);
      assert.ok(back.time >= 1 && back.time < 2.5 && !back.paused, `rewatching from 0:01: ${JSON.stringify(back)}`);
      assert.ok(await frame.evaluate(() => document.activeElement?.tagName === 'VIDEO'), 'the focus is back on the video');

      await frame.getByRole('dialog', { name: 'Question 1 of 2' }).waitFor({ timeout: TIMEOUT });
      const again = await videoState(frame);
      assert.ok(again.paused && again.time >= 4 && again.time < 4.75, `asked again at ${again.time}`);
      await frame.getByRole('radio', { name: 'Distance divided by time' }).check();
      await frame.getByRole('button', { name: 'Check answer' }).click();
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('dialog').waitFor({ state: 'hidden' });
      assert.equal((await videoState(frame)).paused, false, 'Continue plays on');
    });

    await t.test('a pause saves the whole second as lesson_location and commits it', async () => {
      pausedAt = Math.floor(await pauseAt(frame, 6));
      const { calls } = await readHarness(page);
      assert.equal(sets(calls, 'cmi.core.lesson_location').at(-1), String(pausedAt));
      assert.equal(talk(calls).at(-1).fn, 'LMSCommit');
    });

    await t.test('leaving the page ends the session once: session_time, commit, LMSFinish', async () => {
      await page.reload();
      frame = await scoFrame(page);
      await waitForPlayer(frame);
      const { history } = await readHarness(page);
      assert.equal(history.length, 1);
      const ended = talk(history[0]);
      assert.equal(ended.filter((c) => c.fn === 'LMSFinish').length, 1);
      assert.deepEqual(ended.at(-1), { fn: 'LMSFinish', args: [''], result: 'true' });
      assert.equal(ended.at(-2).fn, 'LMSCommit');
      const [sessionTime] = sets(history[0], 'cmi.core.session_time');
      assert.match(sessionTime, CMITIMESPAN);
      assert.deepEqual(sets(history[0], 'cmi.core.exit'), ['suspend']);
      assert.ok(history[0].filter((c) => c.fn === 'LMSSetValue').every((c) => c.result === 'true'), 'the LMS accepted every value');
    });

    await t.test('the next session resumes where the learner stopped, with the answers given', async () => {
      const { calls, cmi } = await readHarness(page);
      assert.equal(cmi['cmi.core.entry'], 'resume');
      assert.deepEqual(gets(calls, 'cmi.core.lesson_location'), [String(pausedAt)]);
      assert.deepEqual(gets(calls, 'cmi.core.lesson_status'), ['incomplete']);
      assert.deepEqual(sets(calls, 'cmi.core.lesson_status'), [], 'an incomplete lesson stays as it is');
      await frame.getByText(`Resuming where you left off, at 0:${String(pausedAt).padStart(2, '0')}.`).waitFor();
      const state = await videoState(frame);
      assert.ok(Math.abs(state.time - pausedAt) < 0.5 && state.paused, `resumed at ${state.time}`);
      await frame.getByRole('button', { name: 'Question 1: Correct' }).waitFor();
      await frame.getByRole('button', { name: 'Question 2: Not answered yet' }).waitFor();
    });

    await t.test('a wrong number: "Not quite — the answer is …", the score stays 50', async () => {
      await playFrom(frame, 7.4);
      const dialog = frame.getByRole('dialog', { name: 'Question 2 of 2' });
      await dialog.waitFor({ timeout: TIMEOUT });
      const field = dialog.getByRole('textbox', { name: 'A snail crawls 1 m in 4 s. What is its speed?' });
      assert.equal(await field.getAttribute('inputmode'), 'decimal');
      await field.fill('fast');
      await field.press('Enter');
      await dialog.getByRole('alert').filter({ hasText: '“fast” is not a number.' }).waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      await field.fill('1/2');
      await field.press('Enter');
      await dialog.getByText('Not quite — the answer is 0.25 m/s.').waitFor();
      await assertAccessible(page, frame, 'with a number question answered wrong');
      await screenshots(page, 'question-wrong');
      const { calls } = await readHarness(page);
      assert.deepEqual(sets(calls, 'cmi.core.score.raw'), ['50']);
      assert.deepEqual(JSON.parse(sets(calls, 'cmi.suspend_data').at(-1)).answers, { 0: true, 1: false });
      await frame.getByRole('button', { name: 'Question 2: Wrong' }).waitFor();
    });

    await t.test('playing to the end completes the lesson: status completed, exit cleared, committed', async () => {
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.locator('video').evaluate((v) => v.ended || new Promise((done) => v.addEventListener('ended', done, { once: true })));
      await frame.getByText('Lesson completed.').waitFor();
      const { calls } = await readHarness(page);
      assert.deepEqual(sets(calls, 'cmi.core.lesson_status'), ['completed']);
      assert.deepEqual(sets(calls, 'cmi.core.exit'), ['suspend', '']);
      const completedAt = calls.findIndex((c) => c.fn === 'LMSSetValue' && c.args[1] === 'completed');
      assert.ok(calls.slice(completedAt).some((c) => c.fn === 'LMSCommit'), 'the completion is committed');
      assert.equal(talk(calls).at(-1).fn, 'LMSCommit');
      await screenshots(page, 'completed');
      assert.deepEqual(await axeViolations(frame), [], 'no axe violations once completed');
    });

    await t.test('across both sessions the LMS saw incomplete then completed, a score of 50 and one LMSFinish each', async () => {
      await page.reload();
      frame = await scoFrame(page);
      await waitForPlayer(frame);
      const { history, calls, cmi } = await readHarness(page);
      assert.equal(history.length, 2);
      const all = history.flat();
      assert.deepEqual(sets(all, 'cmi.core.lesson_status'), ['incomplete', 'completed']);
      assert.deepEqual([...new Set(sets(all, 'cmi.core.score.raw'))], ['50']);
      for (const session of history) {
        assert.equal(session.filter((c) => c.fn === 'LMSFinish').length, 1);
        assert.match(sets(session, 'cmi.core.session_time')[0], CMITIMESPAN);
        assert.ok(sets(session, 'cmi.core.lesson_location').every((l) => /^\d+$/.test(l)), 'whole seconds');
      }
      assert.equal(cmi['cmi.core.lesson_status'], 'completed');
      assert.equal(cmi['cmi.core.score.raw'], '50');
      assert.equal(cmi['cmi.core.entry'], '', 'a completed session was not suspended');
      assert.match(cmi['cmi.core.total_time'], CMITIMESPAN);

      // The third visit: nothing set back, and no jump to the end.
      assert.deepEqual(sets(calls, 'cmi.core.lesson_status'), []);
      assert.deepEqual(sets(calls, 'cmi.core.exit'), ['']);
      assert.ok((await videoState(frame)).time < 1, 'a lesson saved at its end starts from the beginning');
      await frame.getByText('You have completed this lesson.').waitFor();
      await frame.getByRole('button', { name: 'Question 2: Wrong' }).waitFor();
    });

    assert.deepEqual(problems, [], 'no errors or SCORM warnings in the page');
  } finally {
    await context.close();
  }
});

test('from the keyboard alone: a question opened from the chapter list, answered, continued and skipped', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(lms.harnessUrl(SCO, { store: 'keyboard', fresh: true }));
    const frame = await scoFrame(page);
    await waitForPlayer(frame);
    await frame.locator('video').evaluate((v) => (v.muted = true));
    const focused = () =>
      frame.evaluate(() => {
        const el = document.activeElement;
        const style = el ? getComputedStyle(el) : null;
        return {
          tag: el?.tagName,
          text: el?.textContent?.replace(/\s+/g, ' ').trim(),
          visible: style ? style.outlineStyle !== 'none' || style.boxShadow !== 'none' : false,
        };
      });
    /** Tabs forward until the focus is on the button whose text contains `text`; each stop shows where it is. */
    const tabTo = async (text) => {
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        const now = await focused();
        if (now.tag === 'BUTTON') assert.ok(now.visible, `"${now.text}" shows the focus`);
        if (now.tag === 'BUTTON' && now.text.includes(text)) return;
      }
      assert.fail(`Tab never reached "${text}"`);
    };

    await tabTo('Question 1');
    await page.keyboard.press('Enter');
    const dialog = frame.getByRole('dialog', { name: 'Question 1 of 2' });
    await dialog.waitFor();
    assert.equal((await focused()).tag, 'INPUT');
    await page.keyboard.press('ArrowDown');
    assert.equal(await dialog.getByRole('radio', { name: 'Distance divided by time' }).isChecked(), true);
    await page.keyboard.press('Tab');
    assert.equal((await focused()).text, 'Check answer');
    await page.keyboard.press('Enter');
    await dialog.getByText('Correct', { exact: true }).waitFor();
    assert.equal((await focused()).text, 'Continue');
    await page.screenshot({ path: join(RESULTS, 'e2e-scorm-keyboard-answered.png') });
    // Escape on an answered question continues: the video plays on and has the focus.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await focused()).tag, 'VIDEO');
    await frame.locator('video').evaluate((v) => v.pause());

    await tabTo('Question 2');
    await page.keyboard.press('Enter');
    const second = frame.getByRole('dialog', { name: 'Question 2 of 2' });
    await second.waitFor();
    await page.keyboard.type('0,25');
    await page.keyboard.press('Enter');
    await second.getByText('Correct', { exact: true }).waitFor();
    await page.keyboard.press('Enter'); // Continue
    await second.waitFor({ state: 'hidden' });
    await frame.locator('video').evaluate((v) => v.pause());

    // Escape on an open question skips it.
    await tabTo('Question 1');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await focused()).tag, 'VIDEO');
    await frame.getByRole('button', { name: 'Question 1: Skipped' }).waitFor();
    await frame.getByRole('button', { name: 'Question 2: Correct' }).waitFor();

    const { calls } = await readHarness(page);
    assert.deepEqual(sets(calls, 'cmi.core.score.raw'), ['50', '100', '50']);
    assert.deepEqual(JSON.parse(sets(calls, 'cmi.suspend_data').at(-1)).answers, { 0: null, 1: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a lesson written from documents: its transcript cites each passage, and a citation leads to the passage', async () => {
  const { context, page, problems } = await openPage();
  try {
    await page.goto(lms.harnessUrl(SCO, { store: 'sources', fresh: true }));
    const frame = await scoFrame(page);
    await waitForPlayer(frame);
    const region = frame.getByRole('region', { name: 'Transcript and sources' });
    await region.getByText('Written from your documents: Notes on motion (pages 2, 3); Old draft.').waitFor();
    const lines = region.getByRole('list').first().getByRole('listitem');
    assert.equal(await lines.count(), 3);
    assert.match(await lines.nth(1).innerText(), /speed is the slope\.\s*\[2\]\s*\[1\]/);
    const sources = region.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    assert.equal(await sources.count(), 2);
    assert.match(await sources.nth(1).innerText(), /not in this package: its document was deleted/);

    // From the keyboard: Tab to the second sentence's first mark, Enter: the focus is on the passage.
    await frame.locator('video').evaluate((v) => (v.muted = true));
    await frame.getByRole('button', { name: 'Play from 0:04' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Source 2: Old draft');
    await page.keyboard.press('Tab');
    assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Source 1: Notes on motion, page 2');
    await page.keyboard.press('Enter');
    assert.equal(await frame.evaluate(() => document.activeElement?.id), 'sco-cite-1');
    assert.match(
      await frame.evaluate(() => document.activeElement?.textContent ?? ''),
      /Notes on motion, page 2 · Speed\s*Speed is the distance travelled in each unit of time\./,
    );
    // A sentence's time plays from it.
    await frame.getByRole('button', { name: 'Play from 0:08' }).click();
    assert.ok(Math.abs((await videoState(frame)).time - 8) < 0.5, 'seeked to 0:08');
    await assertAccessible(page, frame, 'with the transcript and its sources');
    await region.screenshot({ path: join(RESULTS, 'e2e-scorm-sources.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('without an LMS the lesson still plays and says that progress is not recorded', async () => {
  const { context, page, problems } = await openPage(PHONE);
  try {
    await page.goto(`${lms.url}/${SCO}`);
    await page.getByText('Not connected to an LMS: progress is not recorded.').waitFor();
    const played = await page.locator('video').evaluate(async (v) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 600));
      v.pause();
      return v.currentTime;
    });
    assert.ok(played > 0.2, `it played (${played} s)`);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(RESULTS, 'e2e-scorm-no-lms-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
