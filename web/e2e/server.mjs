// Starts the real `lectern serve` on a free loopback port with a fresh data directory, and sets a
// journey file up around it (startJourney).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './browser.mjs';

export const WEB_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the journeys put their screenshots. */
export const RESULTS = join(WEB_DIR, 'test-results');

export function lecternBinary() {
  if (process.env.LECTERN_BIN) return resolve(process.env.LECTERN_BIN);
  const targetDir = process.env.CARGO_TARGET_DIR || join(homedir(), '.cache', 'lectern-target');
  return join(targetDir, 'debug', 'lectern');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves to { baseUrl, logs(), stop() } once GET /health answers 200. `workers` also runs
 * that many queue workers in the server process (`serve --workers N`). `env` adds to (or
 * overrides) the server's environment, after the journeys' own settings: a configured model
 * (`LECTERN_LLM_BASE_URL`), say.
 */
export async function startServer({ readyTimeoutMs = 90_000, workers = 0, env = {} } = {}) {
  const bin = lecternBinary();
  if (!existsSync(bin)) {
    throw new Error(`The Lectern server binary is missing at ${bin}: build it (cargo build) or set LECTERN_BIN.`);
  }
  const webDist = join(WEB_DIR, 'dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no index.html: run "npm run build" first (npm run e2e does).`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = [];
  const args = workers > 0 ? ['serve', '--workers', String(workers)] : ['serve'];
  const child = spawn(bin, args, {
    env: {
      ...process.env,
      LECTERN_PORT: String(port),
      LECTERN_DATA_DIR: dataDir,
      LECTERN_PUBLIC_URL: baseUrl,
      LECTERN_WEB_DIR: webDist,
      // The journeys check the product's screens with the offline writer's quick drafts.
      LECTERN_LOCAL_MODEL: process.env.LECTERN_LOCAL_MODEL ?? 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  let exited = null;
  const exitPromise = new Promise((r) => child.once('exit', (code, signal) => r((exited = { code, signal }))));

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exitPromise;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const logs = () => output.join('');

  const deadline = Date.now() + readyTimeoutMs;
  try {
    for (;;) {
      if (exited !== null) throw new Error(`lectern serve exited early (${JSON.stringify(exited)}):\n${logs()}`);
      try {
        const res = await fetch(`${baseUrl}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`lectern serve did not answer /health within ${readyTimeoutMs} ms:\n${logs()}`);
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, logs, stop };
}

/**
 * A journey file's set-up: the results folder, the server (with `workers` queue workers and
 * `env` added to its environment, see startServer) and a browser, both closed once the file's
 * tests have run. Await it at the top of the file.
 */
export async function startJourney({ workers = 0, env = {} } = {}) {
  await mkdir(RESULTS, { recursive: true });
  const server = await startServer({ workers, env });
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  after(async () => {
    await browser.close().catch(() => undefined);
    await server.stop();
  });
  return { server, browser };
}
