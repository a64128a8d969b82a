// Probe, not a test (it reads wall-clock time): how long a render waits before it starts, as a
// user sees it (issue 54, item 8). `lectern serve --workers 1` with the default local model
// (PROBE_MODEL=off for the offline writer); a preview, then "Render this video"; prints when
// each status step was first seen after the render's submit. `--load`: two spinning processes
// beside it from the render on; `--during-preview`: a second tab's preview is running then.
//   npm run build && node scripts/queue-wait-probe.mjs [--load] [--during-preview]
import { spawn } from 'node:child_process';
import { signInThroughPopup, launchBrowser } from '../e2e/browser.mjs';
import { startServer } from '../e2e/server.mjs';

const loaded = process.argv.includes('--load');
const during = process.argv.includes('--during-preview');
const server = await startServer({ workers: 1, readyTimeoutMs: 300_000, env: { LECTERN_LOCAL_MODEL: process.env.PROBE_MODEL ?? 'auto' } });
const browser = await launchBrowser();
const spinners = [];
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const seen = [];
  let t0 = null;
  page.on('response', async (r) => {
    if (!/\/api\/job\/[^/]+\/status$/.test(r.url()) || t0 === null) return;
    const body = await r.json().catch(() => null);
    if (!body) return;
    const line = `${body.job_id} ${body.status} ${body.progress}% ${body.current_step}`;
    if (seen.at(-1)?.line !== line) seen.push({ at: (Date.now() - t0) / 1000, line });
  });
  await page.goto(`${server.baseUrl}/create/lesson`);
  await page.waitForURL(/\/auth/);
  await signInThroughPopup(page, { email: 'probe@example.com', name: 'Probe' });
  await page.waitForURL(/\/create\/lesson$/);
  await page.getByLabel('What should the video explain?').fill('How a refrigerator moves heat');
  await page.getByLabel('Length').fill('1');
  const previewStart = Date.now();
  await page.getByRole('button', { name: 'Preview storyboard' }).click();
  await page.getByTestId('scene-card').first().waitFor({ timeout: 15 * 60_000 });
  console.log(`preview ready after ${((Date.now() - previewStart) / 1000).toFixed(1)} s`);
  if (loaded) {
    for (let i = 0; i < 2; i += 1) spinners.push(spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    await new Promise((r) => setTimeout(r, 3000));
  }
  if (during) {
    // Another preview in a second tab, running when the render is submitted.
    const other = await page.context().newPage();
    await other.goto(`${server.baseUrl}/create/lesson`);
    await other.getByLabel('What should the video explain?').fill('Why the sky is blue');
    await other.getByLabel('Length').fill('1');
    await other.getByRole('button', { name: 'Preview storyboard' }).click();
    await new Promise((r) => setTimeout(r, 5000));
  }
  const started = page.waitForResponse((r) => r.url().endsWith('/api/video/generate') && r.request().method() === 'POST');
  t0 = Date.now();
  await page.getByRole('button', { name: 'Render this video' }).click();
  const response = await started;
  const jobId = (await response.json()).job_id;
  console.log(`render submitted: ${response.status()} job ${jobId} after ${((Date.now() - t0) / 1000).toFixed(2)} s`);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline && !seen.some((s) => s.line.startsWith(`${jobId} completed`) || s.line.startsWith(`${jobId} failed`))) {
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const s of seen) console.log(`${s.at.toFixed(2).padStart(7)} s  ${s.line}`);
} finally {
  for (const s of spinners) s.kill('SIGKILL');
  await browser.close();
  console.log(server.logs().split('\n').filter((l) => /picked|claimed|job/i.test(l)).slice(-30).join('\n'));
  await server.stop();
}
