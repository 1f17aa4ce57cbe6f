// On a phone (390x844) the pages keep to the screen's width: the lobby and the tables never
// scroll sideways; Burgle Bros.'s floors stack so that a room stays wide enough to read and to
// tap, the actions come straight after them, and the floors go back side by side when the
// window widens; Hacktivity's board is drawn narrow, its screens, players and hand one under
// another, and a menu opens by the spot tapped.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newContext, createBurgleWithBot, createHacktivity, fixSeed, updates, waitUpdates, screenshot, textsCutOff } from '../lib.mjs';

const PHONE = { width: 390, height: 844 };

let server;
let ctx;

before(async () => {
  server = await startServer();
  ctx = await newContext();
});

after(async () => {
  await ctx?.close();
  await server?.stop();
});

/** How far the page reaches past the window's right edge, in CSS pixels (0: it fits). */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Each floor's box on screen and the narrowest room's width, in CSS pixels. */
async function floorsOnScreen(page) {
  return page.evaluate(() => {
    const floors = [...document.querySelectorAll('svg.burgle-board .floor-plate')].map((r) => {
      const b = r.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
    });
    const rooms = [...document.querySelectorAll('svg.burgle-board .tile-bg')].map((r) => r.getBoundingClientRect().width);
    return { floors, narrowestRoom: Math.min(...rooms) };
  });
}

test('on a phone the lobby fits the screen, in English and in French, one seat to a line', async () => {
  const { page } = ctx;
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/?fast=1`);
  await page.locator('#create-table').waitFor();
  assert.equal(await overflow(page), 0, 'the lobby scrolls sideways');
  await page.locator('#seat-count').selectOption('2');
  const [one, two] = await page.locator('.seat-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().top));
  assert.ok(two > one, `seat 2's line (top ${two}) is under seat 1's (${one})`);
  // The narrowest phones, in French, whose header words are longer.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('#lang').selectOption('fr');
  await page.locator('#create-table', { hasText: 'Créer' }).waitFor();
  assert.equal(await overflow(page), 0, 'the French lobby scrolls sideways at 360 px');
  await page.locator('#lang').selectOption('en');
  await page.setViewportSize(PHONE);
});

test('on a phone the Burgle Bros. floors stack above the actions, a room is tapped to enter, and a wider window puts them side by side', async () => {
  const { page } = ctx;
  await page.setViewportSize(PHONE);
  await fixSeed(page, 7);
  await createBurgleWithBot(page, server.url, { job: 'bank' });
  assert.equal(await overflow(page), 0, 'the table scrolls sideways');

  const stacked = await floorsOnScreen(page);
  assert.equal(stacked.floors.length, 3);
  for (let i = 1; i < 3; i++) {
    assert.ok(stacked.floors[i].top >= stacked.floors[i - 1].bottom, `floor ${i + 1} is drawn under floor ${i}: ${JSON.stringify(stacked.floors)}`);
  }
  // Side by side, three 4x4 floors would leave a room about 25 pixels wide on this screen.
  assert.ok(stacked.narrowestRoom >= 54, `a room is ${stacked.narrowestRoom.toFixed(1)} px wide`);

  // The actions follow the board, before the team's cards.
  const order = await page.evaluate(() => ['.burgle-wrap', '#actions', '.burgle-team'].map((q) => document.querySelector(q).getBoundingClientRect()));
  assert.ok(order[1].top >= order[0].bottom && order[2].top >= order[1].bottom, `board, actions, team: ${JSON.stringify(order.map((b) => [b.top, b.bottom]))}`);

  // The first action of the game, choosing the entry, taken by a tap on a highlighted room.
  const before = await updates(page);
  const room = page.locator('svg.burgle-board .target[data-floor="1"]').first();
  const cell = await room.getAttribute('data-cell');
  await room.click();
  await waitUpdates(page, before);
  assert.match(await page.locator('#log').textContent(), new RegExp(`\\b${cell}\\b`), `the log names the entry ${cell}`);
  await screenshot(page, 'phone');

  // Down at the actions, an action from the panel: the page stays where the player scrolled it
  // to as the board is drawn again.
  await page.locator('#actions').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 500, `scrolled down to the actions: ${scrolled}`);
  const k = await updates(page);
  await page.locator('#actions button.action:not([disabled])').first().click();
  await waitUpdates(page, k);
  const after = await page.evaluate(() => window.scrollY);
  assert.ok(Math.abs(after - scrolled) < 100, `the page scrolled from ${scrolled} to ${after} on its own`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => {
    const plates = [...document.querySelectorAll('svg.burgle-board .floor-plate')].map((r) => r.getBoundingClientRect().top);
    return plates.length === 3 && plates.every((top) => Math.abs(top - plates[0]) < 1);
  });
  // Held sideways, the floors side by side keep their rooms as wide.
  await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
  await page.waitForFunction(() => {
    const plates = [...document.querySelectorAll('svg.burgle-board .floor-plate')].map((r) => r.getBoundingClientRect().top);
    return plates.length === 3 && plates.every((top) => Math.abs(top - plates[0]) < 1);
  });
  const sideways = await floorsOnScreen(page);
  assert.ok(sideways.narrowestRoom >= 54, `held sideways, a room is ${sideways.narrowestRoom.toFixed(1)} px wide`);
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => {
    const plates = [...document.querySelectorAll('svg.burgle-board .floor-plate')].map((r) => r.getBoundingClientRect());
    return plates.length === 3 && plates[1].top >= plates[0].bottom;
  });
  assert.equal(await overflow(page), 0, 'the table scrolls sideways once narrowed again');
});

test('on a phone Hacktivity\'s board is drawn narrow, one part under another, no French line cut off, and its menus open by the spot tapped', async () => {
  const { page } = ctx;
  await page.setViewportSize(PHONE);
  await createHacktivity(page, server.url, { bot: 'heuristic', seed: 15 });
  await page.locator('svg.hacktivity.hk-narrow').waitFor();
  assert.equal(await overflow(page), 0, 'the table scrolls sideways');
  const parts = await page.evaluate(() =>
    ['.hk-alert', '.hk-antivirus', '.hk-critical', '.hk-strip', '.hk-players'].map((q) => {
      const b = document.querySelector(q).getBoundingClientRect();
      return { q, top: b.top, bottom: b.bottom, right: b.right };
    }),
  );
  for (let i = 1; i < parts.length; i++) {
    assert.ok(parts[i].top >= parts[i - 1].bottom - 1, `${parts[i].q} is under ${parts[i - 1].q}: ${JSON.stringify(parts)}`);
  }
  assert.ok(parts.every((p) => p.right <= 390), `every part inside the screen: ${JSON.stringify(parts)}`);

  // Played in French, whose lines are the longer, by tapping the board (the panel where the
  // board offers nothing) until a spot offers several actions: its menu opens beside it, not
  // somewhere else on the long board. No line of the board runs past its sides meanwhile.
  await page.locator('#lang').selectOption('fr');
  await page.locator('#actions h2', { hasText: 'Vos actions' }).waitFor();
  let menus = 0;
  let cardWidth = 0;
  for (let i = 0; i < 80 && !menus && !(await page.locator('#outcome').count()); i++) {
    const k = await updates(page);
    assert.deepEqual(await textsCutOff(page, 'svg.hacktivity'), [], 'cut off at the board\'s sides');
    cardWidth = Math.max(cardWidth, ...(await page.locator('.hk-hand-card > rect').evaluateAll((r) => r.map((x) => x.getBoundingClientRect().width))));
    const spot = page.locator('svg.hacktivity .legal').first();
    if (await spot.count()) {
      await spot.click();
      const item = page.locator('.hk-menu-item');
      if (await item.count()) {
        menus += 1;
        // Both read once the menu is open (opening it may scroll the page to it).
        const [at, box] = await page.evaluate(() =>
          [document.querySelector('svg.hacktivity .legal'), document.querySelector('.hk-menu')].map((n) => {
            const b = n.getBoundingClientRect();
            return { top: Math.round(b.top), bottom: Math.round(b.bottom) };
          }),
        );
        assert.ok(box.bottom >= at.top - 80 && box.top <= at.bottom + 80, `the menu (${box.top} to ${box.bottom}) opens by its spot (${at.top} to ${at.bottom})`);
        await item.first().click();
      }
    } else {
      const buttons = page.locator('#actions button.action:not([disabled])');
      if (!(await buttons.first().click({ timeout: 5_000 }).then(() => true, () => false))) continue;
    }
    await waitUpdates(page, k, 30_000);
  }
  assert.ok(menus > 0, 'no spot offered several actions');
  await page.locator('#lang').selectOption('en');
  // Three to a row on a 390-pixel screen.
  assert.ok(cardWidth >= 110, `a card in hand is ${cardWidth} px wide`);
  assert.deepEqual(ctx.errors, []);
});
