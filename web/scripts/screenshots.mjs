// Visual review of the built SPA (npm run screenshots): serves web/dist, answers the API with
// canned responses through the browser's request interception (no server needed), and writes
// PNGs to web/test-results/screens/. The real journey against the real server is e2e/.
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/browser.mjs';

const webDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(webDir, 'dist');
const out = join(webDir, 'test-results', 'screens');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const file = extname(path) ? join(dist, path) : join(dist, 'index.html');
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const user = (available) => ({
  uid: 'u-1', email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada Lovelace',
  photoURL: null, createdAt: '2025-01-01T00:00:00Z', lastLoginAt: '2025-01-02T00:00:00Z',
  credits: { available, total_purchased: 25, total_used: 35 - available, last_purchase: '2025-03-14T10:00:00Z', subscription_status: 'free' },
  preferences: { notifications: true, theme: 'light' }, stats: { videosGenerated: 3, problemsSolved: 1, creditsUsed: 4 }, isHost: false,
});

const LONG_TOPIC = 'How vaccines train the immune system to recognise a virus it has never met, and why boosters help';
const libraryVideo = (n, title, status = 'completed') => ({
  id: `v-${n}`, job_id: `job-${n}`, title, topic: title.replace(/^Beginner's Guide to /, ''), description: `A beginner-level video on ${title}.`,
  video_type: n === 3 ? 'problem_solving' : 'educational', status, duration_minutes: 2, level: 1, created_at: '2026-11-20T10:00:00Z',
  has_thumbnail: false, is_public: n === 2,
});
const vtt = (lines) => `WEBVTT\n\n${lines.map((l, i) => `00:00:${String(i * 4).padStart(2, '0')}.000 --> 00:00:${String(i * 4 + 4).padStart(2, '0')}.000\n${l}`).join('\n\n')}\n`;
const transcript = vtt(Array.from({ length: 14 }, (_, i) => `Sentence ${i + 1} of the narration: vaccines show the immune system a harmless piece of a virus.`));
const chapters = vtt(['Introduction', 'What a vaccine contains', 'Memory cells', 'Summary']);

/** Issue 19's screens: a queue with a running job, the library, the player, a solution. */
async function stubIssue19(page, shot) {
  await page.route('**/api/video-functions-status', (route) => route.fulfill({ json: { video_generation: { available: true } } }));
  await page.route('**/debug', (route) => route.fulfill({ json: { engines: { 'script writer': 'offline writer (labelled offline draft)' } } }));
  await page.route('**/api/auth/user/*/search**', (route) =>
    route.fulfill({ json: { courses: [], videos: [libraryVideo(1, "Beginner's Guide to How Vaccines Work"), libraryVideo(2, `Beginner's Guide to ${LONG_TOPIC}`), libraryVideo(3, 'Solve 2x + 3 = 11'), libraryVideo(4, 'Recursion in Python', 'processing')], has_more_courses: false, has_more_videos: false } }),
  );
  await page.route('**/api/public/explore/**', (route) => route.fulfill({ json: { courses: [], videos: [] } }));
  await page.route('**/api/job/*/status', (route) => {
    const id = new URL(route.request().url()).pathname.split('/')[3];
    if (id === 'job-run') return route.fulfill({ json: { job_id: id, kind: 'video', status: 'processing', progress: 42, current_step: 'Narrating scene 3 of 6', title: LONG_TOPIC, smart_title: null, video_url: null, subtitle_url: null, chapters_url: null, transcript_url: null, thumbnail_url: null, error: null, created_at: '2026-11-24T10:00:00Z', completed_at: null, cost: 1 } });
    const solution = id === 'job-3' ? { problem: '2x + 3 = 11', answer: 'x = 4', steps: [{ expression: '2x + 3 = 11', explanation: 'The equation', checked: true }, { expression: '2x = 8', explanation: 'Subtract 3 from both sides', checked: true }, { expression: 'x = 4', explanation: 'Divide both sides by 2', checked: true }], all_checked: true } : undefined;
    return route.fulfill({ json: { job_id: id, kind: solution ? 'problem' : 'video', status: 'completed', progress: 100, current_step: 'Done', title: 'How vaccines work', smart_title: 'How Vaccines Work', video_url: `/api/video/${id}?t=x`, subtitle_url: `/api/media/subtitles/${id}?t=x`, chapters_url: `/api/media/chapters/${id}?t=x`, transcript_url: `/api/media/transcript/${id}?t=x`, thumbnail_url: null, error: null, created_at: '2026-11-24T10:00:00Z', completed_at: '2026-11-24T10:02:00Z', cost: 1, solution } });
  });
  await page.route('**/api/media/transcript/**', (route) => route.fulfill({ contentType: 'text/vtt', body: transcript }));
  await page.route('**/api/media/chapters/**', (route) => route.fulfill({ contentType: 'text/vtt', body: chapters }));
  await page.route('**/api/media/subtitles/**', (route) => route.fulfill({ contentType: 'text/vtt', body: transcript }));
  await page.route('**/api/video/job-*', (route) => route.fulfill({ status: 404, json: { detail: 'Not Found' } }));
  if (shot.queue) {
    await page.addInitScript((topic) => {
      const job = { id: 'job-run', type: 'video', title: topic, state: 'processing', progress: 42, currentStep: 'Narrating scene 3 of 6', createdAt: '2026-11-24T10:00:00Z', completedAt: null, metadata: { duration: 2, level: 1, credits: 1, writer: 'offline_draft' }, videoUrl: null, subtitleUrl: null, smartTitle: null, error: null };
      window.localStorage.setItem('lectern:generation-queue:u-1', JSON.stringify({ version: 1, jobs: [job], minimised: false }));
    }, LONG_TOPIC);
  }
}

/** Issue 17's checkpoint questions: a transcript answer that carries them (after the issue 19 stubs, so it wins). */
async function stubCheckpoints(page) {
  const cues = Array.from({ length: 14 }, (_, i) => ({ start: i * 4, end: i * 4 + 4, scene: Math.floor(i / 4), text: `Sentence ${i + 1} of the narration.` }));
  const checkpoints = [
    { index: 0, question: 'What does a vaccine show the immune system?', kind: 'choice', options: ['A harmless piece of a virus', 'A live, full-strength virus', 'An antibiotic', 'A memory cell from another person'], answer: 0, explanation: 'A vaccine carries a harmless piece (or a weakened form) of the virus, so the body learns its shape without the illness.', at: 8, rewatch_from: 4, heading: 'What a vaccine contains' },
    { index: 1, question: 'A booster raises the antibody level from 40 to 100 units. By what factor?', kind: 'number', options: [], value: 2.5, tolerance: 0.05, unit: 'times', explanation: '100 / 40 = 2.5.', at: 12, rewatch_from: 8, heading: 'Memory cells' },
  ];
  await page.route('**/api/media/transcript/**', (route) => route.fulfill({ json: { title: 'How vaccines work', duration: 56, scenes: [], cues, checkpoints } }));
  // The owner's video: progress is asked for and reported.
  await page.route('**/api/library/videos/job-1', (route) => route.fulfill({ json: libraryVideo(1, "Beginner's Guide to How Vaccines Work") }));
  const progress = { video_id: 'v-1', position_seconds: 0, furthest_seconds: 0, duration_seconds: 56, completed: false, checkpoints: [], checkpoints_correct: 0, checkpoints_answered: 0, recorded_at: null };
  await page.route('**/api/video/job-1/progress', (route) =>
    route.fulfill({ json: route.request().method() === 'POST' ? { ...progress, ...route.request().postDataJSON() } : progress }),
  );
}

/** Issue 17's embeds: a published video and a published course, framed by another site (no sign-in). */
async function stubEmbeds(page) {
  const video = (id, title) => ({ id: `v-${id}`, job_id: id, title, duration_seconds: 56, video_url: `/api/video/${id}`, subtitle_url: `/api/media/subtitles/${id}`, chapters_url: `/api/media/chapters/${id}`, transcript_url: `/api/media/transcript/${id}`, thumbnail_url: `/api/media/thumbnail/${id}` });
  await page.route('**/api/public/videos/job-*', (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop();
    return route.fulfill({ json: video(id, id === 'job-1' ? 'How Vaccines Work' : 'Memory Cells and Boosters') });
  });
  // Registered last, so it wins over the pattern above.
  await page.route('**/api/public/videos/job-404', (route) => route.fulfill({ status: 404, json: { detail: 'Video not found' } }));
  const lesson = (i, title, jobId) => ({ lesson_index: i, title, summary: '', objectives: [], key_terms: [], job_id: jobId, video: jobId ? { title, duration: '1:00', duration_minutes: 1, video_url: `/api/video/${jobId}`, subtitle_url: '', chapters_url: '', transcript_url: '', thumbnail_url: null, has_thumbnail: false } : null });
  await page.route('**/api/public/courses/c-1', (route) =>
    route.fulfill({ json: { id: 'c-1', job_id: 'job-c', title: 'Vaccines and the Immune System', status: 'completed', created_at: '2026-11-20T10:00:00Z', is_public: true, audience: '', prerequisites: [], offline_draft: false, lessons: [lesson(0, 'How Vaccines Work', 'job-1'), lesson(1, 'Memory Cells and Boosters', 'job-2'), lesson(2, 'Herd Immunity', null)] } }),
  );
  await page.route('**/api/media/chapters/**', (route) => route.fulfill({ contentType: 'text/vtt', body: chapters }));
  await page.route('**/api/video/job-*', (route) => route.fulfill({ status: 404, json: { detail: 'Not Found' } }));
}

async function stub(page, { signedIn, available = 10 }) {
  await page.route('**/auth/refresh', (route) =>
    signedIn
      ? route.fulfill({ json: { access_token: 't', expires_at: Math.floor(Date.now() / 1000) + 3600, user: user(available) } })
      : route.fulfill({ status: 401, json: { detail: 'Not signed in' } }),
  );
  await page.route('**/api/auth/user/*/credits', (route) => route.fulfill({ json: { credits: user(available).credits } }));
  await page.route('**/api/credit-packages', (route) =>
    route.fulfill({ json: { packages: { starter: { id: 'starter', name: 'Starter Pack', credits: 10, price: 499 }, pro: { id: 'pro', name: 'Pro Pack', credits: 25, price: 999 }, unlimited: { id: 'unlimited', name: 'Power Pack', credits: 60, price: 1999 } } } }),
  );
}

const shots = [
  { name: 'landing-desktop', path: '/', signedIn: false, fullPage: true },
  { name: 'landing-signed-in', path: '/', signedIn: true },
  { name: 'landing-mobile', path: '/', signedIn: false, mobile: true },
  { name: 'keyboard-focus', path: '/', signedIn: true, tabs: 3 },
  { name: 'auth-desktop', path: '/auth?mode=signup', signedIn: false },
  { name: 'auth-popup-blocked', path: '/auth', signedIn: false, blockPopup: true },
  { name: 'auth-mobile', path: '/auth', signedIn: false, mobile: true },
  { name: 'credits', path: '/credits', signedIn: true, fullPage: true },
  { name: 'credits-out', path: '/credits', signedIn: true, available: 0 },
  { name: 'credits-mobile', path: '/credits', signedIn: true, available: 2, mobile: true, fullPage: true },
  { name: 'library', path: '/library/courses', signedIn: true },
  { name: 'create', path: '/create/problem', signedIn: true },
  { name: 'user-menu', path: '/library', signedIn: true, openMenu: true },
  { name: 'mobile-nav', path: '/library', signedIn: true, mobile: true, openNav: true },
  { name: 'purchase-success', path: '/purchase-success', signedIn: true },
  // Issue 19, at 1280x800 and 390x844.
  ...[false, true].flatMap((mobile) => {
    const w = mobile ? 'phone' : 'desktop';
    return [
      { name: `i19-create-${w}`, path: '/create/lesson', signedIn: true, issue19: true, mobile, laptop: !mobile },
      { name: `i19-create-problem-${w}`, path: '/create/problem', signedIn: true, issue19: true, mobile, laptop: !mobile },
      { name: `i19-create-course-${w}`, path: '/create/course', signedIn: true, issue19: true, mobile, laptop: !mobile },
      { name: `i19-create-long-${w}`, path: '/create/lesson', signedIn: true, issue19: true, mobile, laptop: !mobile, fillTopic: 'x'.repeat(5000) },
      { name: `i19-queue-${w}`, path: '/create/lesson', signedIn: true, issue19: true, queue: true, mobile, laptop: !mobile, },
      { name: `i19-player-queue-${w}`, path: '/video/job-1', signedIn: true, issue19: true, queue: true, mobile, laptop: !mobile },
      { name: `i19-player-${w}`, path: '/video/job-1', signedIn: true, issue19: true, mobile, laptop: !mobile },
      { name: `i19-solution-${w}`, path: '/video/job-3', signedIn: true, issue19: true, mobile, laptop: !mobile },
      { name: `i19-library-${w}`, path: '/library/lessons', signedIn: true, issue19: true, queue: true, mobile, laptop: !mobile },
      // Issue 17: a question opened from its chapter mark, then answered wrong; the embeds in their frames' sizes.
      { name: `i17-embed-video-${w}`, path: '/embed/video/job-1', signedIn: false, embeds: true, checkpoints: true, frame: mobile ? { width: 390, height: 220 } : { width: 640, height: 360 } },
      { name: `i17-embed-question-${w}`, path: '/embed/video/job-1', signedIn: false, embeds: true, checkpoints: true, openQuestion: 'Question 1', frame: mobile ? { width: 390, height: 220 } : { width: 640, height: 360 } },
      { name: `i17-checkpoint-${w}`, path: '/video/job-1', signedIn: true, issue19: true, checkpoints: true, openQuestion: 'Question 1', mobile, laptop: !mobile },
      { name: `i17-checkpoint-answered-${w}`, path: '/video/job-1', signedIn: true, issue19: true, checkpoints: true, openQuestion: 'Question 1', answer: 'A live, full-strength virus', mobile, laptop: !mobile },
      { name: `i17-embed-course-${w}`, path: '/embed/course/c-1', signedIn: false, embeds: true, checkpoints: true, frame: mobile ? { width: 390, height: 640 } : { width: 640, height: 560 } },
      { name: `i17-embed-404-${w}`, path: '/embed/video/job-404', signedIn: false, embeds: true, frame: mobile ? { width: 390, height: 220 } : { width: 640, height: 360 } },
      { name: `i17-checkpoint-number-${w}`, path: '/video/job-1', signedIn: true, issue19: true, checkpoints: true, openQuestion: 'Question 2', type: '2,5', mobile, laptop: !mobile },
    ];
  }),
];

await mkdir(out, { recursive: true });
const browser = await launchBrowser();
try {
  // SHOTS=i17 takes only the shots whose names contain it.
  for (const shot of shots.filter((s) => !process.env.SHOTS || s.name.includes(process.env.SHOTS))) {
    const context = await browser.newContext(
      shot.frame
        ? { viewport: shot.frame }
        : shot.mobile
        ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }
        : { viewport: shot.laptop ? { width: 1280, height: 800 } : { width: 1366, height: 860 } },
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[${shot.name}] page error:`, e.message));
    await stub(page, shot);
    if (shot.issue19) await stubIssue19(page, shot);
    if (shot.embeds) await stubEmbeds(page);
    if (shot.checkpoints) await stubCheckpoints(page);
    if (shot.blockPopup) await page.addInitScript(() => { window.open = () => null; });
    await page.goto(`${base}${shot.path}`);
    await page.waitForLoadState('networkidle');
    if (shot.blockPopup) await page.getByRole('button', { name: 'Continue with Google' }).click();
    if (shot.openMenu) {
      await page.getByRole('button', { name: /Account menu/ }).click();
    }
    for (let i = 0; i < (shot.tabs ?? 0); i += 1) await page.keyboard.press('Tab');
    if (shot.openNav) await page.getByRole('button', { name: 'Open menu' }).click();
    if (shot.fillTopic) await page.getByLabel('What should the video explain?').fill(shot.fillTopic);
    if (shot.openQueue) await page.getByTestId('queue-toggle').click();
    if (shot.openQuestion) {
      await page.getByRole('button', { name: new RegExp(shot.openQuestion) }).click();
      const panel = page.getByRole('dialog', { name: new RegExp(shot.openQuestion) });
      if (shot.answer) {
        await panel.getByRole('radio', { name: shot.answer }).check();
        await panel.getByRole('button', { name: 'Check answer' }).click();
      }
      if (shot.type) {
        await panel.getByRole('textbox').fill(shot.type);
        await panel.getByRole('button', { name: 'Check answer' }).click();
      }
      await panel.scrollIntoViewIfNeeded();
    }
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `${shot.name}.png`), fullPage: Boolean(shot.fullPage) });
    console.log(`wrote ${shot.name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
