// A stand-in LMS for Lectern's SCORM 1.2 packages (issue 17): serves an unzipped package over
// HTTP and a harness page whose `window.API` is a SCORM 1.2 runtime with an in-memory cmi store,
// recording every call the SCO makes. The store and the calls outlive a reload of the harness
// (localStorage), so a test can end a session and start the next one as an LMS would.
//
//   const lms = await serveScormPackage(dir);
//   await page.goto(lms.harnessUrl('lesson-01/index.html', { store: 'journey', fresh: true }));
//   const { calls, history, cmi } = await readHarness(page);
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsd': 'application/xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp4': 'video/mp4',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** Unzips a package (its bytes) into `dir` with python3's zipfile, which keeps entries inside it. */
export async function unzipPackage(zipBytes, dir) {
  const scratch = await mkdtemp(join(tmpdir(), 'lectern-scorm-zip-'));
  try {
    const zipPath = join(scratch, 'package.zip');
    await writeFile(zipPath, zipBytes);
    await promisify(execFile)('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', zipPath, dir]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Serves the unzipped package in `dir` on a free loopback port, plus `/harness.html?sco=…` (see
 * harnessPage). Byte ranges are answered (206) as Chromium needs to seek in an MP4. Resolves to
 * { url, harnessUrl(sco, options), close() }.
 */
export async function serveScormPackage(dir) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    serve(root, req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    /**
     * The harness running `sco` (a launch page's path in the package). `store` names the cmi
     * store kept across reloads (default: the SCO's path); `fresh` empties it first.
     */
    harnessUrl(sco, { store, fresh = false } = {}) {
      const query = new URLSearchParams({ sco });
      if (store) query.set('store', store);
      if (fresh) query.set('fresh', '1');
      return `${url}/harness.html?${query}`;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function serve(root, req, res) {
  const { pathname } = new URL(req.url, 'http://harness');
  if (pathname === '/harness.html') {
    res.writeHead(200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' });
    res.end(harnessPage());
    return;
  }
  if (pathname === '/favicon.ico') {
    // Asked for by the browser, not by the package: no icon, and no 404 in the console.
    res.writeHead(204);
    res.end();
    return;
  }
  const file = resolve(root, `.${decodeURIComponent(pathname)}`);
  const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const headers = {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    // "bytes=a-b", "bytes=a-" or the last n bytes, "bytes=-n".
    const start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
    if (start > end || start >= info.size) {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${info.size}` });
      res.end();
      return;
    }
    res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${info.size}`, 'content-length': end - start + 1 });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** The harness: the SCORM API first (the SCO looks for it as it loads), then the SCO in a frame. */
function harnessPage() {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>SCORM 1.2 test harness</title>
    <style>
      html, body { height: 100%; margin: 0; }
      iframe { display: block; width: 100%; height: 100%; border: 0; }
    </style>
    <script>(${installScormApi.toString()})();</script>
  </head>
  <body>
    <script>
      const frame = document.createElement('iframe');
      frame.title = 'SCORM lesson';
      frame.src = '/' + new URLSearchParams(location.search).get('sco');
      document.body.append(frame);
    </script>
  </body>
</html>`;
}

/**
 * Runs in the harness page: defines `window.API` (SCORM 1.2 RTE) over a cmi store, and
 * `window.scormCalls` (this session's calls, each { fn, args, result }), `window.scormHistory`
 * (the calls of the sessions before, oldest first) and `window.scormStore()` (the stored cmi).
 */
function installScormApi() {
  const params = new URLSearchParams(location.search);
  const key = `lectern-scorm-harness:${params.get('store') || params.get('sco')}`;
  if (params.get('fresh')) {
    localStorage.removeItem(key);
    // A reload is the next session of the same learner, not a fresh start.
    params.delete('fresh');
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }
  const saved = JSON.parse(localStorage.getItem(key) || 'null') || {
    cmi: {
      'cmi.core.student_id': 'learner-1',
      'cmi.core.student_name': 'Learner, Test',
      'cmi.core.lesson_location': '',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_status': 'not attempted',
      'cmi.core.entry': 'ab-initio',
      'cmi.core.score.raw': '',
      'cmi.core.score.min': '',
      'cmi.core.score.max': '',
      'cmi.core.total_time': '0000:00:00.00',
      'cmi.core.lesson_mode': 'normal',
      'cmi.suspend_data': '',
      'cmi.launch_data': '',
      'cmi.comments': '',
    },
    exit: null,
    history: [],
  };
  const cmi = saved.cmi;
  const calls = [];
  let state = 'not initialized';
  let lastError = '0';
  let session = {};

  const ERRORS = {
    0: 'No error',
    101: 'General exception',
    201: 'Invalid argument error',
    301: 'Not initialized',
    401: 'Not implemented error',
    402: 'Invalid set value, element is a keyword',
    403: 'Element is read only',
    404: 'Element is write only',
    405: 'Incorrect data type',
  };
  const CHILDREN = {
    'cmi.core._children': 'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
    'cmi.core.score._children': 'raw,min,max',
  };
  const READ_ONLY = ['cmi.core.student_id', 'cmi.core.student_name', 'cmi.core.credit', 'cmi.core.entry', 'cmi.core.total_time', 'cmi.core.lesson_mode', 'cmi.launch_data'];
  const WRITE_ONLY = ['cmi.core.exit', 'cmi.core.session_time'];
  const score = (v) => v === '' || (/^-?\d+(\.\d+)?$/.test(v) && Number(v) >= 0 && Number(v) <= 100);
  // What LMSSetValue accepts per element (SCORM 1.2 RTE 3.4 data types and vocabularies).
  const VALID = {
    'cmi.core.lesson_location': (v) => v.length <= 255,
    'cmi.core.lesson_status': (v) => ['passed', 'completed', 'failed', 'incomplete', 'browsed'].includes(v),
    'cmi.core.score.raw': score,
    'cmi.core.score.min': score,
    'cmi.core.score.max': score,
    'cmi.core.exit': (v) => ['time-out', 'suspend', 'logout', ''].includes(v),
    'cmi.core.session_time': (v) => /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/.test(v),
    'cmi.suspend_data': (v) => v.length <= 4096,
    'cmi.comments': (v) => v.length <= 4096,
  };

  const persist = () => localStorage.setItem(key, JSON.stringify({ cmi, exit: saved.exit, history: [...saved.history, calls] }));
  const fail = (code, result) => {
    lastError = String(code);
    return result;
  };
  const ok = (result) => {
    lastError = '0';
    return result;
  };
  const toSeconds = (span) => {
    const [h, m, s] = span.split(':').map(Number);
    return h * 3600 + m * 60 + s;
  };
  const toSpan = (seconds) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor(seconds / 60) % 60;
    const s = (seconds % 60).toFixed(2).padStart(5, '0');
    return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s}`;
  };

  const api = {
    LMSInitialize(arg) {
      if (arg !== '') return fail(201, 'false');
      if (state !== 'not initialized') return fail(101, 'false');
      state = 'running';
      // A session after one suspended resumes; the first one starts from the beginning.
      cmi['cmi.core.entry'] = saved.exit === 'suspend' ? 'resume' : saved.history.length === 0 ? 'ab-initio' : '';
      return ok('true');
    },
    LMSFinish(arg) {
      if (arg !== '') return fail(201, 'false');
      if (state !== 'running') return fail(301, 'false');
      state = 'finished';
      if (session['cmi.core.session_time']) {
        cmi['cmi.core.total_time'] = toSpan(toSeconds(cmi['cmi.core.total_time']) + toSeconds(session['cmi.core.session_time']));
      }
      saved.exit = session['cmi.core.exit'] ?? '';
      return ok('true');
    },
    LMSGetValue(element) {
      if (state !== 'running') return fail(301, '');
      if (element in CHILDREN) return ok(CHILDREN[element]);
      if (WRITE_ONLY.includes(element)) return fail(404, '');
      if (!(element in cmi)) return fail(201, '');
      return ok(cmi[element]);
    },
    LMSSetValue(element, value) {
      if (state !== 'running') return fail(301, 'false');
      if (element in CHILDREN) return fail(402, 'false');
      if (READ_ONLY.includes(element)) return fail(403, 'false');
      const valid = VALID[element];
      if (!valid) return fail(201, 'false');
      if (typeof value !== 'string' || !valid(value)) return fail(405, 'false');
      if (WRITE_ONLY.includes(element)) session[element] = value;
      else cmi[element] = value;
      return ok('true');
    },
    LMSCommit(arg) {
      if (arg !== '') return fail(201, 'false');
      if (state !== 'running') return fail(301, 'false');
      return ok('true');
    },
    LMSGetLastError: () => lastError,
    LMSGetErrorString: (code) => ERRORS[code] ?? '',
    LMSGetDiagnostic: (code) => (code ? ERRORS[code] ?? '' : ERRORS[lastError]) ?? '',
  };

  // Every call recorded, and the store and the calls saved at once: the SCO's last calls come
  // as the harness page itself unloads.
  window.API = {};
  for (const [fn, impl] of Object.entries(api)) {
    window.API[fn] = (...args) => {
      const result = impl(...args);
      calls.push({ fn, args, result });
      persist();
      return result;
    };
  }
  window.scormCalls = calls;
  window.scormHistory = saved.history;
  window.scormStore = () => ({ ...cmi });
}

/** What the harness in `page` recorded: { calls, history, cmi } (see installScormApi). */
export function readHarness(page) {
  return page.evaluate(() => ({ calls: window.scormCalls, history: window.scormHistory, cmi: window.scormStore() }));
}

/** The SCO's frame in the harness `page`, once its document has loaded. */
export async function scoFrame(page) {
  const handle = await page.waitForSelector('iframe[title="SCORM lesson"]');
  const frame = await handle.contentFrame();
  await frame.waitForLoadState('load');
  return frame;
}
