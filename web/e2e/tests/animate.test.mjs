// Without the "fast" setting, the events of an update play one at a time: each guard step is
// logged (and drawn) about 250 ms after the one before, not all at once.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newContext, updates, waitUpdates } from '../lib.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await newContext();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('guard steps are played one at a time', async () => {
  const page = browser.page;
  const table = await server.api('POST', '/api/tables', {
    game: 'burgle',
    seats: 2,
    options: { job: 'office' },
    bots: [{ seat: 1, bot: 'heuristic' }],
  });
  const seat = await server.api('POST', `/api/tables/${table.id}/seats/0`, { name: 'Ann' });
  await page.goto(`${server.url}/tables/${table.id}#seat=0&token=${seat.token}`);
  await page.locator('#turn').waitFor();
  assert.equal(await page.locator('#fast').isChecked(), false);
  // Note when each guard sentence and each guard position appears.
  await page.evaluate(() => {
    window.guardLines = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n.nodeType === 1 && n.matches('.log-line') && /^The guard on floor \d moves/.test(n.textContent)) window.guardLines.push(performance.now());
    }).observe(document.querySelector('#log'), { childList: true, subtree: true });
  });
  for (let i = 0; i < 60; i++) {
    const times = await page.evaluate(() => window.guardLines);
    if (times.length >= 3) break;
    const seen = await updates(page);
    const buttons = page.locator('#actions button.action:not([disabled])');
    if (!(await buttons.count())) {
      await waitUpdates(page, seen).catch(() => {});
      continue;
    }
    const labels = await buttons.allTextContents();
    const end = labels.findIndex((l) => /End the turn/.test(l));
    const before = await updates(page);
    await buttons.nth(end >= 0 ? end : 0).click();
    await waitUpdates(page, before, 30_000);
  }
  const times = await page.evaluate(() => window.guardLines);
  assert.ok(times.length >= 2, `guard steps seen: ${times.length}`);
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  assert.ok(gaps.some((g) => g >= 200), `each step waits its turn: gaps ${gaps.map(Math.round)}`);
  assert.deepEqual(browser.errors, []);
});
