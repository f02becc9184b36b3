// The browser half of tests/cli/serve.sh: drives railyard serve's page in
// headless Chromium (Debian's, through playwright-core) while editing the pack
// it serves. Prints "ok - WHAT" / "not ok - WHAT" lines (tests/cli/lib.sh's).
//
//   node serve.js URL PACK_DIR [SHOTS_DIR]
//
// PACK_DIR holds pack.yaml and face.yaml (the pack's face template), copies
// this script may edit; SHOTS_DIR, when given, gets screenshots of the page.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const [url, dir, shots] = process.argv.slice(2);
// Seconds a change may take to reach the page: 5, or more for a sanitizer build
// (SERVE_LIMIT, set by serve.sh).
const limit = Number(process.env.SERVE_LIMIT || 5);
const wait = Math.max(10, 3 * limit) * 1000;
const packFile = path.join(dir, 'pack.yaml');
const faceFile = path.join(dir, 'face.yaml');
let failed = 0;

function check(what, cond, detail) {
  console.log((cond ? 'ok - ' : 'not ok - ') + what);
  if (!cond) {
    failed++;
    if (detail !== undefined) console.error('  ' + what + ': ' + detail);
  }
}

// Wait until fn (run in the page) is true, at most ms; returns the seconds it took, or -1.
async function until(page, fn, arg, ms) {
  const t0 = Date.now();
  try {
    await page.waitForFunction(fn, arg, { timeout: ms, polling: 50 });
    return (Date.now() - t0) / 1000;
  } catch (e) {
    return -1;
  }
}

async function state(page) {
  return page.evaluate(() => {
    const srcs = sel => [...document.querySelectorAll(sel)].map(i => i.getAttribute('src'));
    return {
      verdict: document.body.dataset.verdict,
      generation: Number(document.body.dataset.generation),
      faces: srcs('#part-faces img'),
      placemat: srcs('#part-placemat img'),
      reference: srcs('#part-reference img'),
      loaded: [...document.querySelectorAll('.grid img')].every(i => i.complete && i.naturalWidth > 0),
      messages: [...document.querySelectorAll('#messages li')].map(li => li.textContent),
      links: [...document.querySelectorAll('#messages a.where')].map(a => a.textContent),
      stale: !document.querySelector('#part-faces .stale').hidden,
      marker: window.__kept === 1,
    };
  });
}

async function bytes(page, src) {
  return page.evaluate(async s => {
    const r = await fetch(s, { cache: 'no-store' });
    const b = new Uint8Array(await r.arrayBuffer());
    let h = 0;
    for (const x of b) h = (h * 31 + x) >>> 0;
    return b.length + ':' + h;
  }, src);
}

async function shot(page, name) {
  if (shots) await page.screenshot({ path: path.join(shots, name), fullPage: false });
}

async function firstLook(page) {
  await page.goto(url);
  const t = await until(page, () => document.body.dataset.verdict === 'sound' &&
    document.querySelectorAll('#part-faces img').length > 0 &&
    [...document.querySelectorAll('.grid img')].every(i => i.complete && i.naturalWidth > 0), null, 60000 + 10 * wait);
  const s = await state(page);
  check('the page shows the verdict Sound', s.verdict === 'sound', s.verdict);
  check('... every card face and the back (61 pictures)', s.faces.length === 61, s.faces.length);
  check('... the placemat and the reference', s.placemat.length === 1 && s.reference.length >= 1,
    s.placemat.length + ' ' + s.reference.length);
  check('... every picture loaded', t >= 0 && s.loaded);
  const size = await page.evaluate(() => {
    const i = document.querySelector('#part-faces img');
    return [i.getBoundingClientRect().width, i.naturalWidth];
  });
  check('... a card at screen size (63.5 mm at 96 dpi: 240 px wide)', Math.abs(size[0] - 240) <= 2, size);
  check('... no messages', s.messages.length === 0, s.messages.join(' | '));
  await page.evaluate(() => { window.__kept = 1; });
  await shot(page, 'serve-page.png');
  return s;
}

// A face template edit: the faces redraw, the placemat does not.
async function editFace(page, before) {
  const face0 = await bytes(page, before.faces[0]);
  fs.writeFileSync(faceFile, fs.readFileSync(faceFile, 'utf8').replace('"#FBF7EE"', '"#DCEBFA"'));
  const t = await until(page, src => {
    const i = document.querySelector('#part-faces img');
    return i && i.getAttribute('src') !== src && i.complete && i.naturalWidth > 0;
  }, before.faces[0], wait);
  check('a face template edit: the page shows the new faces without a reload', t >= 0 && t < limit, t);
  console.log('# the page showed the edited faces ' + t.toFixed(2) + ' s after the save');
  const s = await state(page);
  check('... the first face\'s picture changed', t >= 0 && (await bytes(page, s.faces[0])) !== face0);
  check('... the placemat was not redrawn (the same picture)', s.placemat[0] === before.placemat[0],
    before.placemat[0] + ' -> ' + s.placemat[0]);
  check('... the page was not reloaded (Server-Sent Events)', s.marker);
  await shot(page, 'serve-edited.png');
  return s;
}

// A broken pack: the located error, the last good pictures kept.
async function breakPack(page, good, text) {
  const lines = text.split('\n');
  const at = lines.findIndex(l => l.startsWith('census:'));
  lines[at] = 'census: 99';
  fs.writeFileSync(packFile, lines.join('\n'));
  const t = await until(page, () => document.body.dataset.verdict === 'invalid' &&
    [...document.querySelectorAll('#messages a.where')].some(a => /pack\.yaml:\d+:\d+$/.test(a.textContent)),
  null, wait);
  check('a broken pack: the page shows that it does not load', t >= 0 && t < limit, t);
  const s = await state(page);
  const located = s.links.find(l => /pack\.yaml:\d+:\d+$/.test(l));
  check('... the error located (pack.yaml:LINE:COL, a link)', !!located, s.links.join(' | '));
  check('... the last good pictures kept', JSON.stringify(s.faces) === JSON.stringify(good.faces) && s.loaded,
    JSON.stringify(s.faces) === JSON.stringify(good.faces) + ' ' + s.loaded);
  check('... and marked as the last good ones', s.stale);
  await shot(page, 'serve-broken.png');
  if (!located) return;
  const line = Number(located.split(':').slice(-2)[0]);
  const [src] = await Promise.all([page.waitForEvent('popup'),
    page.locator('#messages a.where', { hasText: located }).first().click()]);
  await src.waitForLoadState();
  const row = await src.evaluate(n => {
    const e = document.getElementById('L' + n);
    return e ? [e.textContent, e.className, location.hash] : null;
  }, line);
  check('... its link opens the source at that line, marked', row && row[1].includes('has-error') &&
    row[0].includes('census: 99') && row[2] === '#L' + line, JSON.stringify(row));
  if (shots) await src.screenshot({ path: path.join(shots, 'serve-source.png') });
  await src.close();
}

async function fix(page, good, text) {
  fs.writeFileSync(packFile, text);
  const t = await until(page, () => document.body.dataset.verdict === 'sound' &&
    document.querySelectorAll('#messages li').length === 0 &&
    document.querySelector('#part-faces .stale').hidden, null, wait);
  check('the pack fixed: the page recovers (Sound, no messages, live pictures)', t >= 0 && t < limit, t);
  const s = await state(page);
  check('... the same pictures as before the break', JSON.stringify(s.faces) === JSON.stringify(good.faces) && s.loaded);
  check('... still without a reload', s.marker);
}

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'railyard-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1400, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const text = fs.readFileSync(packFile, 'utf8');
    const first = await firstLook(page);
    const edited = await editFace(page, first);
    await breakPack(page, edited, text);
    await fix(page, edited, text);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
})().catch(e => {
  console.log('not ok - the browser test ran to its end');
  console.error(e);
  process.exitCode = 1;
});
