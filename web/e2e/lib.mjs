// Shared by the end-to-end tests: a real `lockpick serve` on a free port of 127.0.0.1 with a
// fresh SQLite file, and Debian's Chromium driven by playwright-core (never a downloaded
// browser: see ../../../ARCHITECTURE notes in web/README.md).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = process.env.LOCKPICK_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : null;
const CHROMIUM = process.env.LOCKPICK_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort() {
  return new Promise((ok, fail) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** Starts `lockpick serve` (target/debug/lockpick, or $LOCKPICK_BIN) on a fresh database. */
export async function startServer() {
  const bin = process.env.LOCKPICK_BIN || join(ROOT, 'target/debug/lockpick');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`cargo build -p lockpick\` first`);
  const dir = mkdtempSync(join(tmpdir(), 'lockpick-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(
    bin,
    ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'lockpick.db'), '--bot-delay-ms', '0', '--log', 'warn'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let exited = false;
  proc.on('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('lockpick serve exited at start');
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('lockpick serve did not answer /healthz in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async api(method, path, body) {
      const r = await fetch(url + path, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      const data = await r.json().catch(() => null);
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
      return data;
    },
    async stop() {
      if (!exited) {
        proc.kill('SIGTERM');
        await new Promise((r) => (exited ? r() : proc.on('exit', r)));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser context of its own (a fresh profile) at 1280x800. */
export async function newContext() {
  const profile = mkdtempSync(join(tmpdir(), 'lockpick-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the tables this page creates through the lobby start from `seed` (the lobby itself never
 * sends one, so a table's deal is random): a test then plays the same deal on every run.
 */
export async function fixSeed(page, seed) {
  await page.route('**/api/tables', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = { ...request.postDataJSON(), seed };
    await route.continue({ postData: JSON.stringify(body) });
  });
}

/** Saves a screenshot under docs/screenshots/ when LOCKPICK_SCREENSHOTS=1. */
export async function screenshot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The number of updates the table page has drawn (it grows with every update). */
export async function updates(page) {
  return Number(await page.locator('.table-page').getAttribute('data-updates'));
}

/** Waits until the table page has drawn more than `n` updates. */
export async function waitUpdates(page, n, timeout = 15_000) {
  await page.waitForFunction((k) => Number(document.querySelector('.table-page')?.dataset.updates) > k, n, { timeout });
}

/**
 * Creates a Hacktivity table through the lobby: 2 seats, the first Ann's, the second open
 * (`bot` null) or a bot's; from `seed` when one is given. Resolves once "create" is clicked.
 */
export async function createHacktivity(page, url, { bot = null, seed = null } = {}) {
  if (seed !== null) await fixSeed(page, seed);
  await page.goto(`${url}/?fast=1`);
  await page.locator('input[name=game][value=hacktivity]').check({ force: true });
  await page.locator('#seat-count').selectOption('2');
  await page.locator('#seat-1').selectOption(bot ?? 'player');
  await page.locator('#player-name').fill('Ann');
  await page.locator('#create-table').click();
}

/** Creates a Burgle Bros. table through the lobby: 2 seats, seat 2 a heuristic bot. */
export async function createBurgleWithBot(page, url, { job = 'office', difficulty = 'normal' } = {}) {
  await page.goto(`${url}/?fast=1`);
  await page.locator('input[name=game][value=burgle]').check({ force: true });
  await page.locator('#opt-job').selectOption(job);
  await page.locator('#opt-difficulty').selectOption(difficulty);
  await page.locator('#seat-count').selectOption('2');
  await page.locator('#seat-1').selectOption('heuristic');
  await page.locator('#player-name').fill('Ann');
  await page.locator('#create-table').click();
  await page.waitForURL(/\/tables\/[a-z0-9]+/);
  await page.locator('#turn, #outcome').first().waitFor();
  return page.url().match(/\/tables\/([a-z0-9]+)/)[1];
}

/** The texts of the board `svg` (a selector) that run past its left or right side, cut off there. */
export async function textsCutOff(page, svg) {
  return page.evaluate((q) => {
    const board = document.querySelector(q);
    if (!board) return [];
    const b = board.getBoundingClientRect();
    return [...board.querySelectorAll('text')]
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return r.width > 0 && (r.left < b.left - 1 || r.right > b.right + 1);
      })
      .map((t) => t.textContent);
  }, svg);
}
