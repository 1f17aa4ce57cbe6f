// One Burgle Bros. table with a bot teammate, played to its end through the UI: the lobby, board
// clicks and action-panel clicks, undo, the language switch (a UI text and a log sentence), the
// end banner with its reason, and the replay of the finished game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startServer, newContext, screenshot, updates, waitUpdates, createBurgleWithBot, textsCutOff } from '../lib.mjs';

let server;
let browser;
let page;
let tableId;

before(async () => {
  server = await startServer();
  browser = await newContext();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The labels of the action panel's buttons. */
const actionLabels = () => page.locator('#actions button.action').allTextContents();

/** The room's distance to the guard of its floor (rooms of a floor without a guard: far). */
function distance(cell, guard) {
  if (!guard) return 99;
  return Math.abs(cell.charCodeAt(0) - guard.charCodeAt(0)) + Math.abs(Number(cell.slice(1)) - Number(guard.slice(1)));
}

/**
 * Plays one action. On the board: the highlighted room nearest a guard when `hunt` (the team
 * walks into the guards, so the game ends soon), moving rather than peeking when both are
 * offered, or else the room at `pickIndex`. In the
 * panel: the button at `pickIndex`, or ending the turn.
 */
async function playOne(board, pickIndex, hunt = true) {
  const before = await updates(page);
  const rooms = await page.$$eval('svg.burgle-board .target', (nodes) => nodes.map((n) => ({ floor: n.dataset.floor, cell: n.dataset.cell })));
  const guards = Object.fromEntries(await page.$$eval('svg.burgle-board .guard', (nodes) => nodes.map((n) => [n.dataset.floor, n.dataset.cell])));
  if (board && rooms.length) {
    let best = pickIndex % rooms.length;
    if (hunt) rooms.forEach((r, i) => {
      if (distance(r.cell, guards[r.floor]) < distance(rooms[best].cell, guards[rooms[best].floor])) best = i;
    });
    await page.locator('svg.burgle-board .target').nth(best).click();
    const chooser = page.locator('#chooser');
    if (await chooser.isVisible().catch(() => false)) {
      const items = await chooser.locator('.chooser-item').allTextContents();
      const move = items.findIndex((l) => /^(Move|Take|Crawl|Drop)/.test(l));
      await chooser.locator('.chooser-item').nth(Math.max(move, 0)).click();
    }
  } else {
    const buttons = page.locator('#actions button.action:not([disabled])');
    const labels = await buttons.allTextContents();
    let i = pickIndex % labels.length;
    const end = labels.findIndex((l) => /End the turn/.test(l));
    if (end >= 0 && (pickIndex % 2 === 0 || !rooms.length)) i = end;
    await buttons.nth(i).click();
  }
  await waitUpdates(page, before);
}

/** Waits until `selector`'s text is `text`. */
async function waitText(selector, text) {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want, [selector, text]);
}

test('lobby: create a Burgle Bros. table with a bot teammate', async () => {
  await page.goto(`${server.url}/?fast=1`);
  await page.locator('#new-table').waitFor();
  // Options come from the schema, each explained.
  assert.ok((await page.locator('.option-grid .field').count()) >= 5);
  assert.ok((await page.locator('#opt-job-help').textContent()).length > 20);
  // A table waiting for a player shows up in the list of open tables.
  await server.api('POST', '/api/tables', { game: 'burgle', seats: 2, options: { job: 'bank' } });
  await page.locator('#open-tables .table-item').first().waitFor();
  await screenshot(page, 'lobby');
  // Easy: six stealth tokens each, so the game lasts a while before the guards catch the team.
  tableId = await createBurgleWithBot(page, server.url, { difficulty: 'easy' });
  assert.match(await page.locator('#seats').textContent(), /Ann/);
  assert.equal(await page.locator('.seat-item.me').getAttribute('data-seat'), '0');
});

test('undo restores the previous actions and view', async () => {
  // Play until an undoable action is found (choosing a character or a layout can be taken back).
  for (let i = 0; i < 40; i++) {
    // The count before the look: an update drawn in between ends the wait at once.
    const seen = await updates(page);
    const labels = await actionLabels();
    if (!labels.length) {
      await waitUpdates(page, seen);
      continue;
    }
    const board = await page.locator('#board').innerHTML();
    const before = await updates(page);
    await page.locator('#actions button.action').first().click();
    await waitUpdates(page, before);
    if (await page.locator('#undo').isEnabled()) {
      assert.notDeepEqual(await actionLabels(), labels);
      const mid = await updates(page);
      await page.locator('#undo').click();
      await waitUpdates(page, mid);
      assert.deepEqual(await actionLabels(), labels);
      assert.equal(await page.locator('#board').innerHTML(), board);
      return;
    }
  }
  assert.fail('no undoable action in 40 tries');
});

test('the action panel works by keyboard and the hint suggests without playing', async () => {
  // Wait for our turn with at least two actions.
  for (let i = 0; ; i++) {
    const seen = await updates(page);
    const count = await page.locator('#actions button.action:not([disabled])').count();
    if (count >= 2) break;
    assert.ok(i < 40, 'never two actions to choose from');
    if (count) await playOne(false, 1);
    else await waitUpdates(page, seen);
  }
  const buttons = page.locator('#actions button.action');
  await buttons.first().focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '1');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '0');
  const before = await updates(page);
  const length = await page.locator('.table-page').getAttribute('data-length');
  await page.keyboard.press('Enter');
  await waitUpdates(page, before);
  assert.notEqual(await page.locator('.table-page').getAttribute('data-length'), length);

  // The hint: shown in the panel, nothing played.
  await page.locator('#actions button.action').first().waitFor();
  const shown = await updates(page);
  const labels = await actionLabels();
  await page.locator('#hint').click();
  await page.locator('#hint-text').waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('#actions .action.hinted').count(), 1);
  const hinted = await page.locator('#actions .action.hinted').textContent();
  assert.ok(labels.includes(hinted));
  assert.match(await page.locator('#hint-text').textContent(), new RegExp(`^Suggestion: `));
  assert.equal(await updates(page), shown, 'the hint played nothing');
});

test('the language switches at once, the log included, and back', async () => {
  // Get some log first.
  const differing = async () => {
    const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`lockpick.seat.${id}`)).token, tableId);
    const log = await server.api('GET', `/api/tables/${tableId}/log?token=${token}`);
    return log.entries.flatMap((e) => e.events).some((e) => e.en !== e.fr);
  };
  for (let i = 0; !(await differing()); i++) {
    assert.ok(i < 20, 'no translated sentence after 20 actions');
    await playOne(false, 0);
  }
  const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`lockpick.seat.${id}`)).token, tableId);
  const log = await server.api('GET', `/api/tables/${tableId}/log?token=${token}`);
  const events = log.entries.flatMap((e) => e.events);
  const at = events.findIndex((e) => e.en !== e.fr);
  assert.ok(at >= 0, `a sentence that differs between the languages: ${JSON.stringify(events)}`);
  const first = events[at];
  const firstLine = page.locator('#log .log-line').nth(at);
  assert.equal(await firstLine.textContent(), first.en);
  assert.equal(await page.locator('#log-title').textContent(), 'Game log');

  await page.locator('#lang').selectOption('fr');
  await waitText('#log-title', 'Journal de la partie');
  assert.equal(await firstLine.textContent(), first.fr);
  assert.equal(await page.locator('.topnav-link').textContent(), 'Salon');
  // The board speaks French too.
  assert.match(await page.locator('svg.burgle-board .floor-title').first().textContent(), /Étage 1/i);
  // It is remembered across a reload.
  await page.reload();
  await page.locator('#log .log-line').first().waitFor();
  // The seat too: its token is kept in the browser.
  await page.locator('.seat-item.me').waitFor();
  assert.equal(await page.locator('.seat-item.me').getAttribute('data-seat'), '0');
  assert.equal(await page.locator('#log-title').textContent(), 'Journal de la partie');

  await page.locator('#lang').selectOption('en');
  await waitText('#log-title', 'Game log');
  assert.equal(await page.locator('#log .log-line').nth(at).textContent(), first.en);
  assert.match(await page.locator('svg.burgle-board .floor-title').first().textContent(), /Floor 1/i);
});

test('every room\'s name fits inside its tile, in English and in French', async () => {
  for (const lang of ['en', 'fr']) {
    const catalogue = JSON.parse(readFileSync(join(ROOT, `web/i18n/${lang}.json`), 'utf8'));
    const names = Object.entries(catalogue).filter(([k]) => k.startsWith('burgle.tile.')).map(([, v]) => v);
    assert.ok(names.length >= 20, `${names.length} room names in ${lang}`);
    // Each line drawn as the board draws it, in the board's own font, and measured.
    const over = await page.evaluate(async (names) => {
      const { roomLabel } = await import('/assets/games/burgle.js');
      const svg = document.querySelector('svg.burgle-board');
      const wide = [];
      for (const floors of [1, 2, 3]) {
        for (const name of names) {
          const { lines, size } = roomLabel(name, floors);
          for (const line of lines) {
            const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
            text.setAttribute('class', 'tile-name');
            text.setAttribute('style', `font-size: ${size.toFixed(1)}px`);
            text.textContent = line;
            svg.append(text);
            const width = text.getBBox().width;
            text.remove();
            if (width > 84) wide.push(`${line} (${floors} floors): ${width.toFixed(1)}`);
          }
        }
      }
      return wide;
    }, names);
    assert.deepEqual(over, [], `${lang}: lines wider than a room`);
  }
});

test('in French an action names a teammate, a wall and a room as a sentence does: au pirate informatique, vers l\'est, a room by its kind once face up', async () => {
  const labels = await page.evaluate(async () => {
    const { default: burgle } = await import('/assets/games/burgle.js');
    const i18n = await import('/assets/i18n.js');
    const before = i18n.getLang();
    await i18n.setLang('fr', { quiet: true });
    const card = { kind: 'tool', card: 'dynamite' };
    const out = {
      give: [0, 1].map((n) => burgle.label({ type: 'give', card, to: n }, i18n.t)),
      take: [0, 1].map((n) => burgle.label({ type: 'take', card, from: n }, i18n.t)),
      choose: [0, 1].map((n) => burgle.label({ type: 'choose_teammate', character: n }, i18n.t)),
      play: ['hacker', 'acrobat'].map((c) => burgle.label({ type: 'choose_character', character: c, side: 'basic' }, i18n.t)),
      blast: ['east', 'north'].map((dir) => burgle.label({ type: 'use_tool', tool: 'dynamite', dir }, i18n.t)),
    };
    // A room in an action's words: by its kind once face up, by its cell alone while face down.
    const up = document.querySelector('svg.burgle-board .tile:not(.tile-down)');
    const down = document.querySelector('svg.burgle-board .tile.tile-down');
    out.peek = [up, down].map((tile) => burgle.label({ type: 'peek', floor: Number(tile.dataset.floor), cell: tile.dataset.cell }, i18n.t));
    await i18n.setLang(before, { quiet: true });
    return out;
  });
  for (const line of Object.values(labels).flat()) {
    // No article capitalised mid-sentence, no "à le".
    assert.doesNotMatch(line, / (Le |La |L')/, line);
    assert.doesNotMatch(line, /à le /, line);
  }
  for (const line of [...labels.give, ...labels.take]) assert.match(line, /^(Donner|Prendre) Dynamite (au |à l')\p{L}/u, line);
  for (const line of labels.choose) assert.match(line, /^Choisir (le |la |l')\p{L}/u, line);
  assert.deepEqual(labels.play, ['Jouer le pirate informatique (face de base : Brouilleur)', "Jouer l'acrobate (face de base : Flexibilité)"]);
  assert.deepEqual(labels.blast, ["Utiliser : Dynamite vers l'est", 'Utiliser : Dynamite vers le nord']);
  const [upLine, downLine] = labels.peek;
  assert.match(upLine, /^Jeter un œil en [A-D][1-4] \(étage \d, \p{Lu}[^)]+\)$/u, upLine);
  assert.match(downLine, /^Jeter un œil en [A-D][1-4] \(étage \d\)$/, downLine);
});

/**
 * Every room's name, digit and cell name stays in sight: no guard, pawn or mark of the guard's
 * destination covers one. Returns how many marks were checked against the face-up rooms (a
 * guard or pawn standing in one, the destination in one).
 */
async function roomsStayReadable() {
  const { problems, checked } = await page.$eval('svg.burgle-board', (svg) => {
    const shift = (el) => {
      const text = `${el.getAttribute('transform') ?? ''} ${el.getAttribute('style') ?? ''}`;
      const m = text.match(/translate\(\s*(-?[\d.]+)(?:px)?[\s,]+(-?[\d.]+)/);
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    };
    // What must stay readable: boxes in the board's coordinates, with the room they belong to.
    const labels = [];
    for (const tile of svg.querySelectorAll('.tile')) {
      const [ox, oy] = shift(tile);
      for (const cls of ['tile-name', 'digit-bg', 'cell-name']) {
        const el = tile.querySelector(`.${cls}`);
        if (!el) continue;
        const b = el.getBBox();
        labels.push({ what: `${tile.dataset.cell} (floor ${tile.dataset.floor}) ${cls}`, x: b.x + ox, y: b.y + oy, w: b.width, h: b.height, up: !tile.classList.contains('tile-down') });
      }
    }
    // What may cover them: circles and strokes, in the same coordinates.
    const marks = [];
    for (const g of svg.querySelectorAll('.guard, .pawn')) {
      const [ox, oy] = shift(g);
      const c = g.querySelector('.guard-body, .pawn-ring');
      const [cx, cy, r] = ['cx', 'cy', 'r'].map((k) => Number(c.getAttribute(k) ?? 0));
      marks.push({ what: g.classList.contains('guard') ? 'a guard' : 'a pawn', circle: [cx + ox, cy + oy, r] });
    }
    for (const g of svg.querySelectorAll('.guard-target')) {
      const [ox, oy] = shift(g);
      const half = 2.25; // the ticks' stroke and round caps
      for (const l of g.querySelectorAll('line')) {
        const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k)) );
        marks.push({ what: 'a tick of the destination', box: { x: Math.min(x1, x2) + ox - half, y: Math.min(y1, y2) + oy - half, w: Math.abs(x2 - x1) + 2 * half, h: Math.abs(y2 - y1) + 2 * half } });
      }
      const f = g.querySelector('rect');
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(f.getAttribute(k)));
      for (const side of [{ x, y, w, h: 0 }, { x, y: y + h, w, h: 0 }, { x, y, w: 0, h }, { x: x + w, y, w: 0, h }]) {
        marks.push({ what: 'the frame of the destination', box: { x: side.x + ox - 1.75, y: side.y + oy - 1.75, w: side.w + 3.5, h: side.h + 3.5 } });
      }
    }
    const problems = [];
    let checked = 0;
    for (const m of marks) {
      let near = false;
      for (const b of labels) {
        let overlap;
        if (m.circle) {
          const [cx, cy, r] = m.circle;
          const nx = Math.min(Math.max(cx, b.x), b.x + b.w);
          const ny = Math.min(Math.max(cy, b.y), b.y + b.h);
          overlap = Math.hypot(cx - nx, cy - ny) < r - 0.01;
          near ||= b.up && Math.abs(cx - (b.x + b.w / 2)) < 60 && Math.abs(cy - (b.y + b.h / 2)) < 60;
        } else {
          const a = m.box;
          overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          near ||= b.up && Math.abs(a.x + a.w / 2 - (b.x + b.w / 2)) < 60 && Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) < 60;
        }
        if (overlap) problems.push(`${m.what} covers ${b.what}`);
      }
      if (near) checked += 1;
    }
    return { problems, checked };
  });
  assert.deepEqual(problems, []);
  return checked;
}

test('a whole game played through the UI ends with its reason', async () => {
  let n = 0;
  let shot = false;
  let readableChecks = 0;
  const deadline = Date.now() + 100_000;
  while (!(await page.locator('#outcome').count())) {
    assert.ok(Date.now() < deadline, `the game did not end after ${n} actions`);
    const seen = await updates(page);
    if (!(await page.locator('#actions button.action:not([disabled])').count())) {
      // The bot plays: wait for its update.
      await waitUpdates(page, seen).catch(() => {});
      continue;
    }
    // A while of wandering (the building gets explored), then the team walks into the guards.
    await playOne(n % 4 !== 3, n * 7 + 3, n >= 30);
    readableChecks += await roomsStayReadable();
    assert.deepEqual(await textsCutOff(page, 'svg.burgle-board'), [], `cut off at the board's sides after action ${n}`);
    n += 1;
    if (!shot && n >= 22 && (await page.locator('svg.burgle-board .target').count()) >= 3) {
      await screenshot(page, 'table');
      shot = true;
    }
  }
  const outcome = await page.locator('#outcome').textContent();
  assert.match(outcome, /^(Won|Lost) — ./);
  assert.match(await page.locator('#banner').getAttribute('class'), /banner-(won|lost)/);
  assert.equal(await page.locator('#actions button.action').count(), 0);
  assert.ok(readableChecks > 0, 'a guard, a pawn or a destination stood in a face-up room at least once');
  assert.deepEqual(browser.errors, []);
});

test('the replay steps forwards and backwards through the finished game', async () => {
  await page.locator('#replay-link').click();
  await page.waitForURL(/\/replay/);
  const counter = page.locator('#replay-counter');
  await counter.waitFor();
  const start = await counter.textContent();
  const total = Number(start.match(/\/ (\d+)/)[1]);
  assert.ok(total >= 10, start);
  assert.equal(start, `Step 0 / ${total}`);
  const board0 = await page.locator('#board').innerHTML();

  await page.locator('#replay-forward').click();
  await page.waitForFunction(() => document.querySelector('#replay-counter').textContent.startsWith('Step 1 '));
  await page.locator('#replay-forward').click();
  await page.waitForFunction(() => document.querySelector('#replay-counter').textContent.startsWith('Step 2 '));
  assert.ok((await page.locator('#replay-action').textContent()).length > 3);
  await page.keyboard.press('End');
  await page.waitForFunction((t) => document.querySelector('#replay-counter').textContent === `Step ${t} / ${t}`, total);
  assert.notEqual(await page.locator('#board').innerHTML(), board0);
  assert.match(await page.locator('#replay-outcome').textContent(), /^(Won|Lost) — /);
  await page.locator('#replay-back').click();
  await page.waitForFunction((t) => document.querySelector('#replay-counter').textContent === `Step ${t - 1} / ${t}`, total);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((t) => document.querySelector('#replay-counter').textContent === `Step ${t - 2} / ${t}`, total);
  await page.locator('#replay-forward').click();
  await page.locator('#replay-forward').click();
  await page.waitForFunction((t) => document.querySelector('#replay-counter').textContent === `Step ${t} / ${t}`, total);
  // The slider jumps anywhere.
  const middle = Math.round(total * 0.7);
  await page.locator('#replay-slider').fill(String(middle));
  await page.waitForFunction((m) => document.querySelector('#replay-counter').textContent.startsWith(`Step ${m} `), middle);
  await screenshot(page, 'replay');
  await page.locator('#replay-first').click();
  await page.waitForFunction(() => document.querySelector('#replay-counter').textContent.startsWith('Step 0 '));
  assert.equal(await page.locator('#board').innerHTML(), board0);
  assert.deepEqual(browser.errors, []);
});

test('lobby in French: options that do not go together are refused in French', async () => {
  await page.goto(`${server.url}/?fast=1`);
  await page.locator('#new-table').waitFor();
  await page.locator('#lang').selectOption('fr');
  await page.locator('input[name=game][value=burgle]').check({ force: true });
  await page.locator('#opt-job').selectOption('bank');
  await page.locator('#opt-walls').selectOption('other_printing');
  await page.locator('#player-name').fill('Ann');
  await page.locator('#create-table').click();
  const refusal = page.locator('#toasts .toast-error').first();
  await refusal.waitFor();
  assert.equal(
    await refusal.textContent(),
    "les murs « Autre impression » sont ceux de l'autre impression de Fort Knox : les casses du Bureau et de la Banque n'ont qu'une disposition par défaut",
  );
  assert.match(page.url(), /\/\?fast=1$/, 'no table was made');
  await page.locator('#lang').selectOption('en');
});

test('at a French table, an action the game refuses is said in French with its reason', async () => {
  // One seat open in two pages. The second stops hearing the server's updates, so it still
  // offers the entry room the first page has just chosen; choosing it again is refused by the
  // game, and that refusal reaches it.
  const post = async (path, body) => {
    const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.ok(r.ok, `${path}: ${r.status}`);
    return r.json();
  };
  const table = await post('/api/tables', { game: 'burgle', seats: 1, seed: 5, options: { job: 'office' } });
  const seat = await post(`/api/tables/${table.id}/seats/0`, {});
  const invite = seat.invite.replace('#', '?fast=1#');

  await page.goto(`${server.url}/?fast=1`);
  await page.locator('#lang').selectOption('fr');
  await page.goto(invite);
  const first = page.locator('#actions button.action:not([disabled])').first();
  await first.waitFor();
  const entry = await first.textContent();

  const second = await browser.context.newPage();
  let deaf = false;
  await second.routeWebSocket(/\/ws\?/, (socket) => {
    const toServer = socket.connectToServer();
    toServer.onMessage((message) => {
      if (!deaf || JSON.parse(message).type === 'error') socket.send(message);
    });
  });
  await second.goto(invite);
  const same = second.locator('#actions button.action:not([disabled])').first();
  await same.waitFor();
  assert.equal(await same.textContent(), entry, 'both pages offer the same entry room');
  deaf = true;

  const before = await updates(page);
  await first.click();
  await waitUpdates(page, before);
  await same.click();
  const refusal = second.locator('#toasts .toast-error').first();
  await refusal.waitFor();
  assert.equal(await refusal.textContent(), "action impossible : la pièce d'entrée se choisit une fois, avant le premier tour");
  await second.close();
  await page.locator('#lang').selectOption('en');
  assert.deepEqual(browser.errors, []);
});
