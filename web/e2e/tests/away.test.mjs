// A player leaves the seat to a bot from the table page and takes it back: while away, the
// seat list and the action panel say a bot plays the seat and the bot's actions reach the log
// under the player's name; once back, the seat is the player's again.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newContext } from '../lib.mjs';

let server;
let ann;

before(async () => {
  server = await startServer();
  ann = await newContext();
});

after(async () => {
  await ann?.close();
  await server?.stop();
});

const length = (page) => page.evaluate(() => Number(document.querySelector('.table-page')?.dataset.length ?? 0));

test('a player lets a bot play the seat, then takes it back', async () => {
  const page = ann.page;
  // Two players' seats, the second never taken: the game waits for it once the first has
  // played, so the bot standing in for Ann stops there.
  await page.goto(`${server.url}/?fast=1`);
  await page.locator('input[name=game][value=burgle]').check({ force: true });
  await page.locator('#opt-job').selectOption('office');
  await page.locator('#seat-count').selectOption('2');
  await page.locator('#seat-1').selectOption('player');
  await page.locator('#player-name').fill('Ann');
  await page.locator('#create-table').click();
  await page.locator('#open-table').click();
  await page.locator('#turn').waitFor();
  const away = page.locator('#away');
  assert.equal(await away.textContent(), 'Let a bot play for me');
  const status = page.locator('.seat-item.me .seat-status');
  assert.equal(await status.textContent(), 'online');
  const before = await length(page);

  await away.click();
  await page.locator('#away-note').waitFor();
  assert.equal(await status.textContent(), 'played by the heuristic bot');
  assert.equal(await away.textContent(), 'Take my seat back');
  // The bot plays Ann's turn: the log grows under her name while she does nothing.
  await page.waitForFunction((n) => Number(document.querySelector('.table-page')?.dataset.length) > n, before);
  assert.match(await page.locator('#log').textContent(), /Ann/);

  await away.click();
  await page.waitForFunction(() => document.querySelector('#away')?.textContent === 'Let a bot play for me');
  assert.equal(await page.locator('#away-note').count(), 0);
  assert.equal(await status.textContent(), 'online');
  assert.deepEqual(ann.errors, []);
});
