// Two browser contexts take seats 0 and 1 of one table: the second through the invitation link
// the lobby offers. Each shows itself as its own seat, each sees exactly its own seat's view
// (Burgle Bros. is fully cooperative: both views are the same public view, and neither carries
// a face-down room), and neither can act for the other.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newContext, updates, waitUpdates } from '../lib.mjs';

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

/** The view the page last drew, as the server sent it (asked through the page's own token). */
async function seatView(page, id) {
  return page.evaluate(async (tableId) => {
    const saved = JSON.parse(localStorage.getItem(`lockpick.seat.${tableId}`));
    const ws = new WebSocket(`ws://${location.host}/api/tables/${tableId}/ws?token=${saved.token}`);
    return new Promise((resolve, reject) => {
      const out = { seat: saved.seat };
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'welcome') out.welcome = m.seat;
        if (m.type === 'update') {
          out.view = m.view;
          out.legal = m.legal;
          out.toAct = m.to_act;
          ws.send(JSON.stringify({ type: 'act', action: { type: 'end_turn' }, id: 'x' }));
        }
        if (m.type === 'error' && m.id === 'x') {
          out.refusal = m.code;
          ws.close();
          resolve(out);
        }
        if (m.type === 'ack' && m.id === 'x') {
          ws.close();
          resolve(out);
        }
      };
      ws.onerror = () => reject(new Error('socket failed'));
    });
  }, id);
}

test('two contexts as two seats each see their own seat and act only for it', async () => {
  const a = ann.page;
  await a.goto(`${server.url}/?fast=1`);
  await a.locator('#seat-count').selectOption('2');
  await a.locator('#seat-1').selectOption('player');
  await a.locator('#player-name').fill('Ann');
  await a.locator('#create-table').click();
  const link = await a.locator('.invite-link').first().inputValue();
  assert.match(link, /\/tables\/[a-z0-9]+#seat=1$/);
  const id = link.match(/tables\/([a-z0-9]+)/)[1];
  await a.locator('#open-table').click();
  await a.locator('#banner').waitFor();

  const b = bob.page;
  await b.goto(link.replace('#', '?fast=1#'));
  await b.locator('#join-name').fill('Bob');
  await b.locator('#join-submit').click();
  await b.locator('.seat-item.me').waitFor();

  assert.equal(await a.locator('.seat-item.me').getAttribute('data-seat'), '0');
  assert.equal(await b.locator('.seat-item.me').getAttribute('data-seat'), '1');
  await a.waitForFunction(() => /Bob/.test(document.querySelector('#seats').textContent));
  assert.match(await a.locator('#seats').textContent(), /Ann \(you\)/);
  assert.match(await b.locator('#seats').textContent(), /Bob \(you\)/);

  // Whose turn it is: the one to act has buttons, the other waits for them by name.
  const summary = await server.api('GET', `/api/tables/${id}`);
  const acting = summary.to_act.seats;
  assert.equal(acting.length, 1);
  const [first, second] = acting[0] === 0 ? [a, b] : [b, a];
  await first.locator('#actions button.action').first().waitFor();
  assert.equal(await first.locator('#turn').textContent(), 'Your turn');
  assert.equal(await second.locator('#actions button.action').count(), 0);
  assert.match(await second.locator('#turn').textContent(), new RegExp(`Waiting for ${acting[0] === 0 ? 'Ann' : 'Bob'}`));

  // Each page's seat sees its own view; Burgle's views carry no face-down room, for anyone.
  const [va, vb] = [await seatView(a, id), await seatView(b, id)];
  assert.equal(va.welcome, 0);
  assert.equal(vb.welcome, 1);
  const spectator = await a.evaluate(
    (tableId) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/api/tables/${tableId}/ws`);
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'update') {
            ws.close();
            resolve(m);
          }
        };
        ws.onerror = () => reject(new Error('socket failed'));
      }),
    id,
  );
  for (const v of [va.view, vb.view]) {
    for (const floor of v.floors) for (const tile of floor.tiles) if (!tile.kind) assert.equal(tile.digit, null);
  }
  assert.deepEqual(va.view, spectator.view);
  assert.deepEqual(vb.view, spectator.view);
  // The seat not to act cannot play (the server refuses it), the one to act has actions.
  const waiting = acting[0] === 0 ? vb : va;
  assert.equal(waiting.refusal, 'not_your_turn');
  assert.deepEqual(waiting.legal, []);

  // An action by the seat to act reaches the other page.
  const before = await updates(second);
  await first.locator('#actions button.action').first().click();
  await waitUpdates(second, before);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
});
