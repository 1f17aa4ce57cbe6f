// Hacktivity in the browser: two contexts as two seats each see their own hand and only the
// backs of the other's (and the icons it chose to show); a card is played by clicking its
// option on the board; a player with a bot teammate plays a whole game to its end.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { startServer, newContext, updates, waitUpdates, screenshot, textsCutOff, createHacktivity } from '../lib.mjs';

/** The deal of the two-seat test: the first card Ann plays draws another, so her hand keeps its size. */
const SEED = 15;

let server;
let ann;
let bob;

before(async () => {
  server = await startServer();
  [ann, bob] = await Promise.all([newContext(), newContext()]);
});

after(async () => {
  await Promise.all([ann?.close(), bob?.close()]);
  await server?.stop();
});

/** The ids of the cards drawn in the page's own hand. */
async function handIds(page) {
  return page.locator('.hk-hand-card').evaluateAll((cards) => cards.map((c) => c.dataset.card));
}

/** The titles drawn on the page's hand cards, their wrapped lines joined again. */
async function handTitles(page) {
  return page
    .locator('.hk-hand-card .hk-card-name')
    .evaluateAll((names) => names.map((n) => [...n.querySelectorAll('tspan')].map((l) => l.textContent).join(' ')));
}

/** Every card's French title by its printed one, as the content files give them. */
function frenchTitles() {
  const dir = new URL('../../../crates/hacktivity/content/', import.meta.url);
  const titles = new Map();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const m of text.matchAll(/^name = "(.*)"\nname_fr = "(.*)"$/gm)) titles.set(m[1], m[2]);
  }
  return titles;
}

/** Clicks the first action of the panel and waits for the update it brings. */
async function clickFirstAction(page) {
  const before = await updates(page);
  await page.locator('#actions button.action').first().click();
  await waitUpdates(page, before);
}

const createTable = (page, options) => createHacktivity(page, server.url, options);

test('two seats each see their own hand, the backs of the other, and the icons it shows', async () => {
  const a = ann.page;
  // A known deal, the same on every run (the lobby's own are random).
  await createTable(a, { seed: SEED });
  const link = await a.locator('.invite-link').first().inputValue();
  await a.locator('#open-table').click();
  await a.locator('svg.hacktivity').waitFor();

  const b = bob.page;
  await b.goto(link.replace('#', '?fast=1#'));
  await b.locator('#join-name').fill('Bob');
  await b.locator('#join-submit').click();
  await b.locator('.seat-item.me').waitFor();
  await b.locator('svg.hacktivity').waitFor();

  // The draw phase, in playing order: Ann (CyberLink) chooses first while Bob waits his turn,
  // then Bob; face down, the hands are empty until both have chosen.
  assert.deepEqual(await handIds(a), []);
  await a.locator('#actions button.action[data-type=choose_draw]').first().waitFor();
  assert.equal(await b.locator('#actions button.action[data-type=choose_draw]').count(), 0, 'Bob may not choose before Ann');
  await b.waitForFunction(() => document.querySelector('.hk-player[data-seat="1"] .hk-status')?.textContent.includes('waits to draw'));
  await clickFirstAction(a);
  await clickFirstAction(b);
  await a.waitForFunction(() => document.querySelectorAll('.hk-hand-card').length > 0);
  await b.waitForFunction(() => document.querySelectorAll('.hk-hand-card').length > 0);

  const annCards = await handIds(a);
  const bobCards = await handIds(b);
  assert.ok(annCards.length >= 1 && bobCards.length >= 1, `${annCards} / ${bobCards}`);
  for (const card of bobCards) assert.ok(!annCards.includes(card), `${card} in both hands`);
  // Nothing of Bob's hand anywhere on Ann's page (board, panel, log), and the reverse.
  const annPage = await a.content();
  const bobPage = await b.content();
  for (const card of bobCards) assert.ok(!annPage.includes(card), `Ann's page names Bob's ${card}`);
  for (const card of annCards) assert.ok(!bobPage.includes(card), `Bob's page names Ann's ${card}`);
  // Ann sees the size of Bob's hand as backs on his board.
  const lines = await a.locator('.hk-player[data-seat="1"] text').allTextContents();
  assert.ok(lines.some((l) => l.endsWith(`· hand ${bobCards.length}`)), lines.join(' | '));

  // The communication rule: Ann shows her icons; Bob sees them (never the numbers) on her board.
  const showIcons = a.locator('#actions button.action[data-type=show_icons]');
  await showIcons.waitFor();
  const n = await updates(b);
  await showIcons.click();
  await waitUpdates(b, n);
  const shown = await b.locator('.hk-player[data-seat="0"] .hk-shown').textContent();
  assert.ok(shown.includes('Shows: ['), shown);
  assert.doesNotMatch(shown, /\d/, 'icons are shown without their numbers');
  // The icons stay inside Ann's board, in English and in the longer French.
  for (const lang of ['en', 'fr']) {
    await b.locator('#lang').selectOption(lang);
    await b.waitForFunction((w) => document.querySelector('.hk-strip')?.textContent.includes(w), lang === 'fr' ? 'Vague' : 'Wave');
    const [panel, ...lines] = await b
      .locator('.hk-player[data-seat="0"] > rect:first-of-type, .hk-player[data-seat="0"] .hk-shown')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })));
    for (const line of lines) {
      assert.ok(line.right <= panel.right && line.bottom <= panel.bottom, `in ${lang} the icons shown run out of the board: ${JSON.stringify({ panel, line })}`);
    }
  }
  await b.locator('#lang').selectOption('en');

  // Both ready: the play phase; the player to act plays a card by clicking its option.
  for (const page of [a, b]) {
    const ready = page.locator('#actions button.action[data-type=ready]');
    if (await ready.count()) {
      const k = await updates(page);
      await ready.click();
      await waitUpdates(page, k);
    }
  }
  await a.waitForFunction(() => document.querySelector('.hk-strip')?.textContent.includes('Play phase'));
  // The seat to act is the one whose hand lights up, once its own view has arrived.
  const actor = await Promise.any(
    [a, b].map((page) => page.locator('.hk-option.legal').first().waitFor().then(() => page)),
  );
  // The card played is the one whose option is clicked first; it leaves the hand (the hand
  // itself may not shrink: an option that draws a card refills it). One action: played at
  // once; several (a zone to choose): a small menu on the board. A view pushed meanwhile (the
  // other seat's ready) redraws the board and closes an open menu, so the click is tried again.
  const card = await actor
    .locator('.hk-hand-card:has(.hk-option.legal)')
    .first()
    .evaluate((c) => c.dataset.card);
  // In the page: the card has left the hand (or, with `menu`, a menu has opened).
  const gone = ({ id, menu }) =>
    !document.querySelector(`.hk-hand-card[data-card="${id}"]`) || (menu && !!document.querySelector('.hk-menu-item'));
  const menu = actor.locator('.hk-menu-item');
  for (let attempt = 0; attempt < 3; attempt++) {
    const option = actor.locator(`.hk-hand-card[data-card="${card}"] .hk-option.legal`).first();
    await option.click({ timeout: 5_000 }).catch(() => {});
    await actor.waitForFunction(gone, { id: card, menu: true }, { timeout: 5_000 }).catch(() => {});
    if (await menu.count()) await menu.first().click().catch(() => {});
    if (await actor.waitForFunction(gone, { id: card }, { timeout: 5_000 }).then(() => true, () => false)) break;
  }
  await actor.waitForFunction(gone, { id: card });
  assert.ok(!(await handIds(actor)).includes(card), `${card} is still in the hand`);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
});

test('a player and a bot play Hacktivity to its end in the browser, in French', async () => {
  const a = ann.page;
  await createTable(a, { bot: 'heuristic' });
  await a.waitForURL(/\/tables\/[a-z0-9]+/);
  await a.locator('svg.hacktivity').waitFor();
  await a.locator('#lang').selectOption('fr');
  await a.waitForFunction(() => document.querySelector('.hk-strip')?.textContent.includes('Vague'));
  const titles = frenchTitles();
  assert.ok(titles.size > 100, `${titles.size} French titles read`);
  let named = false;
  let shot = false;
  const cutOff = new Set();
  for (let i = 0; i < 400; i++) {
    // Counted before looking at the page: an update drawn in between is not waited for again.
    const k = await updates(a);
    for (const line of await textsCutOff(a, 'svg.hacktivity')) cutOff.add(line);
    if (await a.locator('#outcome').count()) break;
    // Disabled while an action of this seat awaits its update: a player waits for it too.
    const buttons = a.locator('#actions button.action:not([disabled])');
    if (!(await buttons.count())) {
      // The bot's turn, the other seat's draw, or an action in flight: wait for the next update.
      await waitUpdates(a, k, 30_000).catch(() => {});
      continue;
    }
    if (!shot && (await a.locator('.hk-hand-card').count()) >= 2) {
      await screenshot(a, 'hacktivity');
      shot = true;
      // The hand's cards go by their French titles (Worm is Ver), as the content files give
      // them, and by the printed ones in English.
      const french = await handTitles(a);
      await a.locator('#lang').selectOption('en');
      await a.waitForFunction(() => document.querySelector('.hk-strip')?.textContent.includes('Wave'));
      const english = await handTitles(a);
      await a.locator('#lang').selectOption('fr');
      assert.deepEqual(french, english.map((name) => titles.get(name)));
      named = true;
    }
    // Prefer the board: a highlighted card option, zone or target; else the panel.
    const board = a.locator('svg.hacktivity .legal');
    if (i % 2 === 0 && (await board.count())) {
      await board.first().click();
      const menu = a.locator('.hk-menu-item');
      if (await menu.count()) await menu.first().click();
    } else if (!(await buttons.first().click({ timeout: 5_000 }).then(() => true, () => false))) {
      // Redrawn disabled between the count and the click: look again.
      continue;
    }
    await waitUpdates(a, k, 30_000);
  }
  // No line of the board ran past its sides, French being the longer.
  assert.deepEqual([...cutOff], [], 'lines cut off at the board\'s sides');
  const outcome = await a.locator('#outcome').textContent();
  assert.ok(outcome.trim().length > 0, 'the end is announced');
  assert.match(outcome.trim(), /^(Gagné|Perdu) — /);
  assert.ok(named, 'the hand was seen with cards in it');
  assert.deepEqual(ann.errors, []);
});
