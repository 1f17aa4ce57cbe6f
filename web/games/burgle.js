// The Burgle Bros. board.
//
// THE BOARD-MODULE CONTRACT (every web/games/<game>.js follows it; the table loads the module
// named after the game's id and falls back to games/generic.js when there is none):
//
//   export default {
//     // Draw `view` (the seat's or spectator's view, exactly the socket's `update.view`, or a
//     // replay step's `view`) into `el`, an empty <div>. `ctx` is
//     //   { seat,    // the viewer's seat number, or null for a spectator or a replay
//     //     legal,   // the seat's legal actions (array of action JSON; empty when not to act)
//     //     t,       // (key, params) => text from the catalogue (web/i18n/<lang>.json)
//     //     lang,    // 'en' | 'fr'
//     //     act,     // act(action): plays one of `legal` (the table checks it is listed)
//     //     hint,    // the action the hint button suggested, or null (show it, never play it)
//     //     fast,    // true: no animation, no waiting
//     //     seats,   // the table's seats (protocol `SeatStatus`: seat, occupant, name, bot)
//     //     width }  // the board's width in CSS pixels (0 when not laid out): the board may
//     //              // lay itself out for it; a new window width calls `render` again
//     // (`el` is emptied before: reading its size would lay the page out without the board)
//     render(el, view, ctx) {},
//     // A short label for one action in the current language (the action panel's buttons,
//     // the hint, the replay's "what was played").
//     label(action, t) {},
//     // Optional: animate one event (the `event` JSON of a protocol SeenEvent) on the board
//     // drawn last, before the next view is drawn; returns a Promise, resolved at once when
//     // ctx.fast.
//     animate(el, event, ctx) {},
//     // Optional: one line for the banner under "Your turn" / "Waiting for ...": where play
//     // stands (turn, actions left, the choice the game waits for).
//     summary(view, ctx) {},
//   }
//
// Game texts live in the same catalogues under `burgle.*`. Log sentences are not made here:
// the server sends every event with its English and French sentence.

import { s, h, sleep } from '../dom.js';

const C = 100; // a room's side in SVG units
const GAP = 56; // between floors side by side
const ROW_GAP = 24; // between rows of floors
const HEAD = 54; // a floor's title band
const PAD = 10;
const STEP_MS = 250; // one guard or character step

let lastView = null; // the view drawn last: labels name characters from it
let cols = 3; // floors drawn side by side; more floors than that go on further rows

// On a narrow screen the floors stack, so that a room stays wide enough to read and to tap:
// as many side by side as keep a room at least MIN_ROOM_PX wide in the board's width.
const MIN_ROOM_PX = 54;
function columnsFor(view, px) {
  const n = view.floors.length;
  const perFloor = view.width + GAP / C; // a floor's rooms and its share of the gap, in rooms
  return Math.max(1, Math.min(n, Math.floor(px / (perFloor * MIN_ROOM_PX))));
}

const cellCol = (cell) => cell.charCodeAt(0) - 65;
const cellRow = (cell) => Number(cell.slice(1)) - 1;

const floorIndex = (view, floor) => view.floors.findIndex((f) => f.floor === floor);
const floorX = (view, floor) => PAD + (floorIndex(view, floor) % cols) * (view.width * C + GAP);
// The top of a floor's title band; its rooms start HEAD below.
const floorY = (view, floor) => PAD + Math.floor(floorIndex(view, floor) / cols) * (HEAD + view.width * C + ROW_GAP);
const cellXY = (view, floor, cell) => [floorX(view, floor) + cellCol(cell) * C, floorY(view, floor) + HEAD + cellRow(cell) * C];

const TILE_GROUP = {
  safe: 'safe',
  stairs: 'stairs',
  fingerprint_computer: 'computer',
  laser_computer: 'computer',
  motion_computer: 'computer',
  camera: 'alarm',
  laser: 'alarm',
  motion: 'alarm',
  fingerprint: 'alarm',
  thermo: 'alarm',
  detector: 'alarm',
};

function place(t, floor, cell) {
  return t('burgle.place', { floor, cell });
}

/**
 * A room as the team knows it, for an action's words: with its kind once face up ("B2 (floor 1,
 * Laboratory)"), so the list of actions reads without the board (a screen reader reads it).
 */
function room(t, floor, cell) {
  const tile = lastView?.floors?.find((f) => f.floor === floor)?.tiles.find((x) => x.cell === cell);
  return tile?.kind ? t('burgle.place_kind', { floor, cell, kind: t(`burgle.tile.${tile.kind}`) }) : place(t, floor, cell);
}

/**
 * A teammate in the middle of an action's words: `in` as its object ("the Hacker", "le pirate
 * informatique"), `to` after giving or taking ("the Hacker", "au pirate informatique").
 */
function characterName(t, index, form = 'in') {
  const c = lastView?.characters?.[index];
  if (c) return t(form === 'to' ? `burgle.character_to.${c.kind}` : `burgle.character_in.${c.kind}`);
  return t(form === 'to' ? 'burgle.character_n_to' : 'burgle.character_n', { n: index + 1 });
}

function cardName(t, card) {
  if (!card) return '';
  return t(`burgle.${card.kind}.${card.card}`);
}

/** Where an action points on the board: [{floor, cell}] (empty when it has no room). */
function targets(action, view) {
  const a = action;
  switch (a.type) {
    case 'move':
    case 'peek':
    case 'add_die':
    case 'roll':
    case 'choose_room':
      return [{ floor: a.floor, cell: a.cell }];
    case 'choose_entry':
      return [{ floor: 1, cell: a.cell }];
    case 'choose_alarm': {
      const floor = view?.decision?.floor ?? 1;
      return [{ floor, cell: a.cell }];
    }
    case 'move_shaft':
      return (view?.floors ?? []).map((f) => ({ floor: f.floor, cell: a.cell }));
    case 'use_tool':
    case 'ability':
      return a.at ? [{ floor: a.at.floor, cell: a.at.cell }] : [];
    default:
      return [];
  }
}

function label(action, t) {
  const a = action;
  const p = (x) => room(t, x.floor, x.cell);
  // A safe's own actions need no kind: the words say it.
  const safe = (x) => place(t, x.floor, x.cell);
  switch (a.type) {
    case 'choose_character':
      return t('burgle.action.choose_character', { character: t(`burgle.character_in.${a.character}`), side: t(`burgle.side.${a.side}`), ability: t(`burgle.ability.${a.character}.${a.side}`) });
    case 'reroll_walls':
    case 'confirm_layout':
    case 'escape':
    case 'hack':
    case 'end_turn':
      return t(`burgle.action.${a.type}`);
    case 'move_shaft':
      return t('burgle.action.move_shaft', { cell: a.cell });
    case 'choose_entry':
      return t('burgle.action.choose_entry', { cell: a.cell });
    case 'peek':
      return t('burgle.action.peek', { place: p(a) });
    case 'move':
      return t(`burgle.action.move_${a.by}`, { place: p(a) });
    case 'add_die':
      return t('burgle.action.add_die', { place: safe(a) });
    case 'roll':
      return t('burgle.action.roll', { place: safe(a) });
    case 'pay':
      return t(`burgle.payment.${a.payment}`);
    case 'choose_alarm':
      return t('burgle.action.choose_alarm', { cell: a.cell });
    case 'choose_room':
      return t('burgle.action.choose_room', { place: p(a) });
    case 'choose_teammate':
      return t('burgle.action.choose_teammate', { character: characterName(t, a.character) });
    case 'keep_tool':
      return t('burgle.action.keep_tool', { tool: t(`burgle.tool.${a.tool}`) });
    case 'order_events':
      return t('burgle.action.order_events', { cards: a.order.map((c) => t(`burgle.event.${c}`)).join(', ') });
    case 'put_back':
      return t(a.top ? 'burgle.action.put_back_top' : 'burgle.action.put_back_bottom');
    case 'use_tool': {
      const parts = [t('burgle.action.use_tool', { tool: t(`burgle.tool.${a.tool}`) })];
      if (a.at) parts.push(t('burgle.action.on_place', { place: p(a.at) }));
      if (a.dir) parts.push(t('burgle.action.toward', { dir: t(`burgle.dir.${a.dir}`) }));
      if (a.up !== undefined) parts.push(t(a.up ? 'burgle.action.up' : 'burgle.action.down'));
      if (a.face) parts.push(t('burgle.action.face', { die: a.face[1] + 1, face: a.face[0] }));
      return parts.join(' ');
    }
    case 'give':
      return t('burgle.action.give', { card: cardName(t, a.card), character: characterName(t, a.to, 'to') });
    case 'take':
      return t('burgle.action.take', { card: cardName(t, a.card), character: characterName(t, a.from, 'to') });
    case 'pick_up':
      return t('burgle.action.pick_up', { loot: t(`burgle.loot.${a.loot}`) });
    case 'ability': {
      const me = lastView?.characters?.[lastView.current];
      const name = me ? t(`burgle.ability.${me.kind}.${me.side}`) : t('burgle.action.ability_plain');
      const parts = [t('burgle.action.ability', { ability: name })];
      if (a.mode) parts.push(t(`burgle.mode.${a.mode}`));
      if (a.at) parts.push(t('burgle.action.on_place', { place: p(a.at) }));
      if (a.character !== undefined) parts.push(t('burgle.action.for_character', { character: characterName(t, a.character) }));
      return parts.join(' ');
    }
    default:
      return a.type.replaceAll('_', ' ');
  }
}

// --- drawing -----------------------------------------------------------------------------------

function wrapWords(text, max) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + word).length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

function dieFace(x, y, size, value, cls = 'die') {
  const g = s('g', { class: cls, transform: `translate(${x} ${y})` });
  g.append(s('rect', { width: size, height: size, rx: size * 0.2 }));
  const pips = {
    1: [[0.5, 0.5]],
    2: [[0.28, 0.28], [0.72, 0.72]],
    3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
    5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
    6: [[0.28, 0.22], [0.72, 0.22], [0.28, 0.5], [0.72, 0.5], [0.28, 0.78], [0.72, 0.78]],
  }[value];
  if (pips) for (const [px, py] of pips) g.append(s('circle', { class: 'pip', cx: px * size, cy: py * size, r: size * 0.09 }));
  else if (value) g.append(s('text', { x: size / 2, y: size * 0.7, 'text-anchor': 'middle', class: 'die-text', 'font-size': size * 0.6 }, String(value)));
  return g;
}

function token(x, y, cls, text, title) {
  const g = s('g', { class: `token ${cls}`, transform: `translate(${x} ${y})` });
  g.append(s('circle', { r: 9 }), s('text', { y: 4, 'text-anchor': 'middle' }, text));
  if (title) g.append(s('title', {}, title));
  return g;
}

/**
 * A room's name as its tile writes it: the lines and the font size, as large as the room allows
 * (three floors side by side draw smaller on screen) with every line inside its 84 units.
 * `sideBySide` is the number of floors drawn in a row.
 */
export function roomLabel(name, sideBySide) {
  const lines = wrapWords(name, 11);
  const longest = Math.max(...lines.map((x) => x.length));
  // 0.66 em a letter: the bold face's widest words (Détecteur, informatique) stay inside.
  return { lines, size: Math.min(sideBySide >= 3 ? 15 : 12.5, 84 / (longest * 0.66)) };
}

function drawTile(view, fv, tile, t) {
  const [x, y] = cellXY(view, fv.floor, tile.cell);
  const faceUp = !!tile.kind;
  const group = faceUp ? TILE_GROUP[tile.kind] || 'room' : 'down';
  const g = s('g', {
    class: `tile tile-${group}${tile.alarm ? ' has-alarm' : ''}${tile.disabled ? ' disabled' : ''}`,
    'data-floor': fv.floor,
    'data-cell': tile.cell,
    transform: `translate(${x} ${y})`,
  });
  g.append(s('rect', { class: 'tile-bg', x: 4, y: 4, width: C - 8, height: C - 8, rx: 9 }));
  if (faceUp) {
    g.append(s('rect', { class: 'tile-band', x: 4, y: 4, width: C - 8, height: 14, rx: 9 }));
    g.append(s('rect', { class: 'tile-band', x: 4, y: 11, width: C - 8, height: 7 }));
    const { lines, size } = roomLabel(t(`burgle.tile.${tile.kind}`), cols);
    const text = s('text', { class: 'tile-name', x: C / 2, y: 46 - (lines.length - 1) * 6, 'text-anchor': 'middle', style: `font-size: ${size.toFixed(1)}px` });
    lines.forEach((line, i) => text.append(s('tspan', { x: C / 2, dy: i ? 13 : 0 }, line)));
    g.append(text);
  } else {
    g.append(s('text', { class: 'tile-unknown', x: C / 2, y: 58, 'text-anchor': 'middle' }, '?'));
  }
  // The top band, left to right: the digit, the cell's name, then the guard's place at the
  // top right (he must hide neither). The bottom left is the pawns', the bottom right the tokens'.
  const digit = faceUp && tile.digit !== null && tile.digit !== undefined && tile.kind !== 'safe';
  if (digit) {
    g.append(s('circle', { class: 'digit-bg', cx: 17, cy: 17, r: 10 }), s('text', { class: 'digit', x: 17, y: 21.5, 'text-anchor': 'middle' }, String(tile.digit)));
  }
  g.append(s('text', { class: 'cell-name', x: digit ? 31 : 10, y: 16 }, tile.cell));
  g.append(s('title', {}, faceUp ? `${tile.cell}: ${t(`burgle.tile.${tile.kind}`)}${tile.digit != null ? ` (${tile.digit})` : ''}` : `${tile.cell}: ${t('burgle.face_down')}`));

  // Safe dice: the faces of the last roll, or empty dice.
  if (tile.kind === 'safe') {
    if (tile.cracked) {
      g.append(s('text', { class: 'cracked', x: C / 2, y: 72, 'text-anchor': 'middle' }, t('burgle.cracked')));
    } else if (tile.dice > 0) {
      const n = tile.dice;
      const size = n > 4 ? 11 : 14;
      const start = C / 2 - (n * (size + 3) - 3) / 2;
      for (let i = 0; i < n; i++) g.append(dieFace(start + i * (size + 3), 60, size, tile.faces[i] ?? 0, 'die safe-die'));
    }
  }
  // Tokens along the bottom right.
  const marks = [];
  if (tile.alarm) marks.push(['alarm', '!', t('burgle.token.alarm')]);
  if (tile.hack) marks.push(['hack', String(tile.hack), t('burgle.token.hack', { n: tile.hack })]);
  if (tile.stealth) marks.push(['stealth', String(tile.stealth), t('burgle.token.stealth', { n: tile.stealth })]);
  if (tile.decoded) marks.push(['decoded', '✓', t('burgle.token.decoded')]);
  if (tile.open) marks.push(['open', 'o', t('burgle.token.open')]);
  if (tile.down) marks.push(['stairs', '↓', t('burgle.token.down')]);
  if (tile.up) marks.push(['stairs', '↑', t('burgle.token.up')]);
  if (tile.disabled) marks.push(['disabled', '×', t('burgle.token.disabled')]);
  if (tile.tool_taken) marks.push(['taken', '–', t('burgle.token.tool_taken')]);
  const loose = (view.loose || []).filter(([pos]) => pos.floor === fv.floor && pos.cell === tile.cell);
  for (const [, card] of loose) marks.push(['loose', '$', cardName(t, card)]);
  marks.forEach(([cls, text, title], i) => g.append(token(C - 16 - i * 20, C - 17, `token-${cls}`, text, title)));
  return g;
}

function wallLine(view, floor, wall) {
  const [a, b] = wall.split('|');
  const [ax, ay] = cellXY(view, floor, a);
  const [bx, by] = cellXY(view, floor, b);
  if (ay === by) {
    const x = Math.max(ax, bx);
    return s('line', { class: 'wall', x1: x, y1: ay + 3, x2: x, y2: ay + C - 3 });
  }
  const y = Math.max(ay, by);
  return s('line', { class: 'wall', x1: ax + 3, y1: y, x2: ax + C - 3, y2: y });
}

function pawnPosition(view, ch) {
  const pos = ch.place?.pos;
  if (!pos) return null;
  const [x, y] = cellXY(view, pos.floor, pos.cell);
  const mates = view.characters.filter((c) => c.place?.pos && c.place.pos.floor === pos.floor && c.place.pos.cell === pos.cell);
  const k = mates.indexOf(ch);
  return [x + 22 + (k % 2) * 24, y + 76 - Math.floor(k / 2) * 24];
}

function drawFloor(view, fv, t, ctx) {
  const x0 = floorX(view, fv.floor);
  const y0 = floorY(view, fv.floor);
  const w = view.width * C;
  const g = s('g', { class: 'floor', 'data-floor': fv.floor });
  const alarms = fv.tiles.filter((x) => x.alarm).length;
  g.append(s('rect', { class: 'floor-plate', x: x0 - 6, y: y0 + HEAD - 6, width: w + 12, height: w + 12, rx: 14 }));
  g.append(s('text', { class: 'floor-title', x: x0, y: y0 + 18 }, t('burgle.floor_n', { n: fv.floor })));
  g.append(
    s(
      'text',
      { class: 'floor-info', x: x0, y: y0 + 39 },
      t('burgle.floor_info', { left: fv.patrol_left, discard: fv.patrol_discard.length, alarms }),
    ),
  );
  const speed = s('g', { class: 'guard-speed' });
  speed.append(s('text', { class: 'floor-info', x: x0 + w - 34, y: y0 + 25, 'text-anchor': 'end' }, t('burgle.guard_speed')));
  speed.append(dieFace(x0 + w - 28, y0 + 6, 26, fv.die, 'die guard-die'));
  speed.append(s('title', {}, t('burgle.guard_speed_help', { n: fv.die })));
  g.append(speed);

  const tiles = new Map(fv.tiles.map((x) => [x.cell, x]));
  for (let r = 0; r < view.width; r++) {
    for (let c = 0; c < view.width; c++) {
      const cell = `${String.fromCharCode(65 + c)}${r + 1}`;
      const tile = tiles.get(cell);
      if (tile) g.append(drawTile(view, fv, tile, t));
      else if (view.shaft === cell) {
        const [x, y] = cellXY(view, fv.floor, cell);
        g.append(s('g', { class: 'shaft', transform: `translate(${x} ${y})` }, s('rect', { x: 4, y: 4, width: C - 8, height: C - 8, rx: 9 }), s('text', { x: C / 2, y: C / 2 + 5, 'text-anchor': 'middle' }, t('burgle.shaft'))));
      }
    }
  }

  // The guard's destination, then the guard.
  if (fv.guard) {
    const [tx, ty] = cellXY(view, fv.floor, fv.guard.toward);
    g.append(
      s(
        'g',
        { class: 'guard-target', 'data-floor': fv.floor, style: `transform: translate(${tx}px, ${ty}px)` },
        // A frame just inside the room's edge and four ticks from the gaps between rooms:
        // the room's name, digit, tokens and pawns stay clear.
        s('rect', { x: 4.5, y: 4.5, width: C - 9, height: C - 9, rx: 8.5 }),
        s('line', { x1: -5, y1: C / 2, x2: 4, y2: C / 2 }),
        s('line', { x1: C - 4, y1: C / 2, x2: C + 5, y2: C / 2 }),
        s('line', { x1: C / 2, y1: -5, x2: C / 2, y2: 4 }),
        s('line', { x1: C / 2, y1: C - 4, x2: C / 2, y2: C + 5 }),
        s('title', {}, t('burgle.guard_toward', { cell: fv.guard.toward })),
      ),
    );
    const [gx, gy] = cellXY(view, fv.floor, fv.guard.at);
    g.append(
      s(
        'g',
        { class: 'guard', 'data-floor': fv.floor, 'data-cell': fv.guard.at, style: `transform: translate(${gx}px, ${gy}px)` },
        // In the room's top right corner, over its colour band: the name and the digit stay in
        // sight.
        s('circle', { class: 'guard-shadow', cx: 78, cy: 17, r: 12 }),
        s('circle', { class: 'guard-body', cx: 78, cy: 15, r: 12 }),
        s('text', { x: 78, y: 19.5, 'text-anchor': 'middle' }, t('burgle.guard_letter')),
        fv.guard.donuts ? s('circle', { class: 'donut', cx: 90, cy: 26, r: 5 }) : null,
        s('title', {}, t('burgle.guard_title', { at: fv.guard.at, toward: fv.guard.toward, die: fv.guard.die })),
      ),
    );
  }
  return g;
}

function drawTargets(svg, view, ctx) {
  const byTile = new Map();
  ctx.legal.forEach((action) => {
    for (const tg of targets(action, view)) {
      const key = `${tg.floor}:${tg.cell}`;
      if (!byTile.has(key)) byTile.set(key, { ...tg, actions: [] });
      byTile.get(key).actions.push(action);
    }
  });
  const hintKeys = new Set(ctx.hint ? targets(ctx.hint, view).map((x) => `${x.floor}:${x.cell}`) : []);
  for (const [key, tg] of byTile) {
    const [x, y] = cellXY(view, tg.floor, tg.cell);
    const kinds = [...new Set(tg.actions.map((a) => a.type))];
    const names = tg.actions.map((a) => label(a, ctx.t));
    const hot = s('g', {
      class: `target target-${kinds[0]}${hintKeys.has(key) ? ' hinted' : ''}`,
      transform: `translate(${x} ${y})`,
      tabindex: 0,
      role: 'button',
      'data-floor': tg.floor,
      'data-cell': tg.cell,
      'aria-label': `${tg.cell}: ${names.join(' / ')}`,
    });
    hot.append(s('rect', { x: 2, y: 2, width: C - 4, height: C - 4, rx: 11 }), s('title', {}, names.join('\n')));
    const choose = (event) => {
      if (tg.actions.length === 1) ctx.act(tg.actions[0]);
      else openChooser(svg, event, tg.actions, ctx);
    };
    hot.addEventListener('click', choose);
    hot.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        choose(e);
      }
    });
    svg.append(hot);
  }
  for (const key of hintKeys) {
    if (byTile.has(key)) continue;
    const [floor, cell] = key.split(':');
    const [x, y] = cellXY(view, Number(floor), cell);
    svg.append(s('rect', { class: 'hint-ring', x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 11 }));
  }
}

/** A small menu over the board when several actions target one room. */
function openChooser(svg, event, actions, ctx) {
  const host = svg.parentElement;
  host.querySelector('.chooser')?.remove();
  const box = host.getBoundingClientRect();
  const anchor = (event.currentTarget ?? event.target).getBoundingClientRect();
  const menu = h(
    'div',
    {
      class: 'chooser',
      role: 'menu',
      id: 'chooser',
      style: `left:${Math.min(anchor.left - box.left, box.width - 260)}px; top:${anchor.bottom - box.top + 4}px`,
    },
    actions.map((a) =>
      h(
        'button',
        {
          type: 'button',
          role: 'menuitem',
          class: 'chooser-item',
          onclick: () => {
            menu.remove();
            ctx.act(a);
          },
        },
        label(a, ctx.t),
      ),
    ),
    h('button', { type: 'button', class: 'chooser-cancel', onclick: () => menu.remove() }, ctx.t('common.cancel')),
  );
  menu.addEventListener('keydown', (e) => {
    const items = [...menu.querySelectorAll('button')];
    const i = items.indexOf(document.activeElement);
    if (e.key === 'Escape') menu.remove();
    else if (e.key === 'ArrowDown') items[(i + 1) % items.length].focus();
    else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length].focus();
    else return;
    e.preventDefault();
  });
  host.append(menu);
  menu.querySelector('button')?.focus();
}

function drawPawns(svg, view, ctx) {
  for (const ch of view.characters) {
    const at = pawnPosition(view, ch);
    if (!at) continue;
    const current = ch.index === view.current && view.stage !== 'draft';
    svg.append(
      s(
        'g',
        { class: `pawn seat-fill-${ch.seat}${current ? ' current' : ''}`, 'data-character': ch.index, style: `transform: translate(${at[0]}px, ${at[1]}px)` },
        s('circle', { class: 'pawn-ring', r: 14 }),
        s('circle', { class: 'pawn-body', r: 11 }),
        s('text', { y: 4, 'text-anchor': 'middle' }, ctx.t(`burgle.initial.${ch.kind}`)),
        s('title', {}, `${ctx.t(`burgle.character.${ch.kind}`)} — ${ctx.t('burgle.seat_n', { n: ch.seat + 1 })}`),
      ),
    );
  }
}

function chips(items, cls, t, prefix) {
  if (!items.length) return h('span', { class: 'muted small' }, t('burgle.none'));
  return items.map((x) => h('span', { class: `chip ${cls}` }, t(`${prefix}.${x}`)));
}

function placeText(ch, t) {
  if (ch.place?.pos) return place(t, ch.place.pos.floor, ch.place.pos.cell);
  return t(`burgle.where.${ch.place?.type ?? 'outside'}`);
}

function drawTeam(view, ctx) {
  const t = ctx.t;
  const cards = view.characters.map((ch) => {
    const current = ch.index === view.current && view.stage !== 'draft';
    const stealth = [];
    for (let i = 0; i < Math.max(ch.stealth, 0); i++) stealth.push(h('span', { class: 'stealth-pip', 'aria-hidden': 'true' }));
    return h(
      'article',
      { class: `character seat-border-${ch.seat}${current ? ' current' : ''}${ch.seat === ctx.seat ? ' mine' : ''}`, dataset: { character: ch.index } },
      h(
        'header',
        {},
        h('span', { class: `pawn-chip seat-bg-${ch.seat}` }, t(`burgle.initial.${ch.kind}`)),
        h('strong', {}, t(`burgle.character.${ch.kind}`)),
        h('span', { class: 'muted small', title: t('burgle.burglar_help') }, t('burgle.burglar_n', { n: ch.index + 1 })),
        h('span', { class: 'ability small' }, t(`burgle.ability.${ch.kind}.${ch.side}`)),
        current ? h('span', { class: 'badge' }, t('burgle.acting')) : null,
      ),
      h('div', { class: 'small' }, h('span', { class: 'muted' }, `${t('burgle.seat_n', { n: ch.seat + 1 })} · `), placeText(ch, t)),
      h('div', { class: 'char-row' }, h('span', { class: 'muted small' }, t('burgle.stealth')), h('span', { class: 'stealth', title: t('burgle.stealth_n', { n: ch.stealth }) }, stealth, h('span', { class: 'small' }, ` ${ch.stealth}`))),
      h('div', { class: 'char-row' }, h('span', { class: 'muted small' }, t('burgle.tools')), h('span', { class: 'chips' }, chips(ch.tools, 'chip-tool', t, 'burgle.tool'))),
      h('div', { class: 'char-row' }, h('span', { class: 'muted small' }, t('burgle.loot')), h('span', { class: 'chips' }, chips(ch.loot, 'chip-loot', t, 'burgle.loot'))),
      ch.laptop || ch.alarm || ch.raven
        ? h(
            'div',
            { class: 'char-row small' },
            ch.laptop ? h('span', { class: 'chip' }, t('burgle.laptop')) : null,
            ch.alarm ? h('span', { class: 'chip chip-alarm' }, t('burgle.carried_alarm')) : null,
            ch.raven ? h('span', { class: 'chip' }, t('burgle.raven_at', { place: place(t, ch.raven.floor, ch.raven.cell) })) : null,
          )
        : null,
    );
  });
  if (view.drafting) cards.push(h('article', { class: 'character pending muted' }, t('burgle.drafting', { n: view.drafting })));
  const lastEvent = view.event_discard[view.event_discard.length - 1];
  const decks = h(
    'div',
    { class: 'decks', id: 'decks' },
    deck(t('burgle.deck.tools'), view.tools_left, t('burgle.discard_n', { n: view.tool_discard.length })),
    deck(t('burgle.deck.loot'), view.loot_left),
    deck(t('burgle.deck.events'), view.events_left, lastEvent ? t('burgle.last_event', { card: t(`burgle.event.${lastEvent}`) }) : t('burgle.discard_n', { n: 0 })),
    view.lasting.length ? h('div', { class: 'deck' }, h('span', { class: 'muted small' }, t('burgle.in_play')), view.lasting.map((l) => h('span', { class: 'chip chip-event' }, t(`burgle.lasting.${l.card}`)))) : null,
    view.known_tops.length
      ? h(
          'div',
          { class: 'deck' },
          h('span', { class: 'muted small' }, t('burgle.known_tops')),
          view.known_tops.map((k) => h('span', { class: 'chip' }, knownCard(k, t))),
        )
      : null,
  );
  return h('div', { class: 'burgle-team' }, h('div', { class: 'characters' }, cards), decks);
}

// A card the team knows the place of: a patrol deck's top or bottom card, or an event card.
function knownCard(k, t) {
  if (k.deck === 'patrol') return t('burgle.known_patrol', { floor: k.floor, cell: k.cell });
  if (k.deck === 'patrol_bottom') return t('burgle.known_patrol_bottom', { floor: k.floor, cell: k.cell });
  return t('burgle.known_event', { depth: k.depth + 1, card: t(`burgle.event.${k.card}`) });
}

function deck(name, left, extra) {
  return h('div', { class: 'deck' }, h('span', { class: 'deck-card', 'aria-hidden': 'true' }, String(left)), h('span', {}, h('strong', {}, name), extra ? h('span', { class: 'muted small' }, ` · ${extra}`) : null));
}

function render(el, view, ctx) {
  lastView = view;
  const n = view.floors.length;
  cols = columnsFor(view, ctx.width || window.innerWidth);
  const rows = Math.ceil(n / cols);
  const width = PAD * 2 + cols * view.width * C + (cols - 1) * GAP;
  const height = PAD * 2 + rows * (HEAD + view.width * C) + (rows - 1) * ROW_GAP + 6;
  const svg = s('svg', {
    class: `burgle-board floors-${cols}${rows > 1 ? ' floors-stacked' : ''}`,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': ctx.t('burgle.board_label', { job: ctx.t(`burgle.job.${view.job}`) }),
    preserveAspectRatio: 'xMidYMin meet',
  });
  for (const fv of view.floors) svg.append(drawFloor(view, fv, ctx.t, ctx));
  if (ctx.legal?.length) drawTargets(svg, view, ctx);
  else if (ctx.hint) drawTargets(svg, view, { ...ctx, legal: [] });
  // Walls over the highlighted rooms (a highlight never hides a wall), pawns over everything.
  const walls = s('g', { class: 'walls', 'aria-hidden': 'true' });
  for (const fv of view.floors) {
    const x0 = floorX(view, fv.floor);
    walls.append(s('rect', { class: 'floor-border', x: x0, y: floorY(view, fv.floor) + HEAD, width: view.width * C, height: view.width * C, rx: 6 }));
    for (const wall of fv.walls) walls.append(wallLine(view, fv.floor, wall));
  }
  svg.append(walls);
  drawPawns(svg, view, ctx);
  const wrap = h('div', { class: 'burgle-wrap' }, svg);
  el.append(wrap, drawTeam(view, ctx));
}

function summary(view, ctx) {
  const t = ctx.t;
  if (!view) return '';
  const who = view.characters[view.current];
  const name = who ? t(`burgle.character.${who.kind}`) : '';
  const parts = [];
  if (view.stage === 'draft') parts.push(t('burgle.stage.draft'));
  else if (view.stage === 'layout') parts.push(t('burgle.stage.layout'));
  else if (view.stage === 'entry') parts.push(t('burgle.stage.entry'));
  else parts.push(t('burgle.turn_line', { turn: view.turn, name, left: view.actions_left }));
  if (view.decision) parts.push(t(`burgle.decision.${view.decision.type}`));
  return parts.join(' — ');
}

// --- animation ---------------------------------------------------------------------------------

function moveTo(node, x, y) {
  if (!node) return;
  node.style.transform = `translate(${x}px, ${y}px)`;
}

async function animate(el, event, ctx) {
  if (ctx.fast || !lastView) return;
  const svg = el.querySelector('svg.burgle-board');
  if (!svg) return;
  const view = lastView;
  switch (event.type) {
    case 'guard_moved':
    case 'guard_placed': {
      const to = event.type === 'guard_moved' ? event.to : event.at;
      const [x, y] = cellXY(view, event.floor, to);
      const guard = svg.querySelector(`.guard[data-floor="${event.floor}"]`);
      if (guard) {
        moveTo(guard, x, y);
        guard.dataset.cell = to;
      }
      const [tx, ty] = cellXY(view, event.floor, event.toward);
      moveTo(svg.querySelector(`.guard-target[data-floor="${event.floor}"]`), tx, ty);
      await sleep(STEP_MS);
      return;
    }
    case 'guard_target': {
      const [tx, ty] = cellXY(view, event.floor, event.toward);
      moveTo(svg.querySelector(`.guard-target[data-floor="${event.floor}"]`), tx, ty);
      await sleep(STEP_MS / 2);
      return;
    }
    case 'moved':
    case 'fell': {
      const pawn = svg.querySelector(`.pawn[data-character="${event.character}"]`);
      const [x, y] = cellXY(view, event.to.floor, event.to.cell);
      if (pawn) moveTo(pawn, x + 22, y + 76);
      await sleep(STEP_MS);
      return;
    }
    case 'revealed':
    case 'alarm_on':
    case 'safe_cracked':
    case 'captured': {
      const at = event.at;
      const tile = at ? svg.querySelector(`.tile[data-floor="${at.floor}"][data-cell="${at.cell}"]`) : svg.querySelector(`.pawn[data-character="${event.character}"]`);
      tile?.classList.add('flash');
      await sleep(STEP_MS * 0.8);
      return;
    }
    default:
  }
}

export default { render, label, animate, summary, targets };
