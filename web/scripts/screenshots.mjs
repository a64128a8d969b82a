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
];

await mkdir(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const shot of shots) {
    const context = await browser.newContext(
      shot.mobile ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } },
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[${shot.name}] page error:`, e.message));
    await stub(page, shot);
    if (shot.blockPopup) await page.addInitScript(() => { window.open = () => null; });
    await page.goto(`${base}${shot.path}`);
    await page.waitForLoadState('networkidle');
    if (shot.blockPopup) await page.getByRole('button', { name: 'Continue with Google' }).click();
    if (shot.openMenu) {
      await page.getByRole('button', { name: /Account menu/ }).click();
    }
    for (let i = 0; i < (shot.tabs ?? 0); i += 1) await page.keyboard.press('Tab');
    if (shot.openNav) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `${shot.name}.png`), fullPage: Boolean(shot.fullPage) });
    console.log(`wrote ${shot.name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
