// The Hacktivity board: the three screens (Alert, Antivirus, Critical), the tension track and
// the decks, every player's board, DrPower's Experimental card and the viewer's own hand.
//
// It follows the board-module contract of web/games/burgle.js: `render(el, view, ctx)` draws the
// socket's `view` into `el`, `label(action, t)` names a legal action, both in the language of `t`.
// Every word comes from the catalogue (keys `hacktivity.*` in web/i18n/<lang>.json). Cards are
// drawn from `view.faces`, which carries the printed face of each card the viewer can see face up
// (with its French title, `name_fr`, where the content gives one);
// the other hands show only their backs and the icons their players chose to show.

import { pick } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';

// Below this width in CSS pixels the board is drawn narrow: the screens, the players and the
// hand one under the other, about one SVG unit a pixel on a phone. Wider, everything is side by
// side in 900 units, as on a desktop.
const NARROW_BELOW_PX = 720;

// Where each part of the board goes: the x and y of each screen, and the y of each band below
// them, in SVG units. Set by `render` for the view it draws.
let L = null;

function layout(view, narrow) {
  const n = view.players.length;
  const programs = view.experimental && view.programs && view.programs.length ? view.programs.length : 0;
  const hand = view.hand ? view.hand.length : 0;
  if (!narrow) {
    const handY = programs ? 462 : 424;
    return {
      narrow, w: 900, h: 680,
      alert: [0, 0], antivirus: [260, 0], critical: [650, 0],
      strip: 210, stripH: 44, players: 264, playerStep: 0,
      experimental: 424, experimentalH: 30,
      hand: handY, handCols: Math.max(hand, 1), cardH: Math.min(190, 680 - handY - 26),
    };
  }
  const w = 400;
  const players = 736;
  const experimental = players + n * 160;
  const experimentalH = programs ? 34 + Math.ceil(programs / 2) * 26 : 0;
  const handY = experimental + (programs ? experimentalH + 8 : 0);
  const handCols = 3;
  const handRows = Math.max(1, Math.ceil(hand / handCols));
  return {
    narrow, w, h: handY + 24 + handRows * 198 + 40,
    alert: [75, 0], antivirus: [10, 210], critical: [75, 420],
    strip: 630, stripH: 100, players, playerStep: 160,
    experimental, experimentalH,
    hand: handY, handCols, cardH: 190,
  };
}

// The faces of the last drawn view, so that `label` can name cards.
let lastFaces = {};
let lastPrograms = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function text(x, y, content, cls, attrs = {}) {
  return el('text', { x, y, class: cls, ...attrs }, content);
}

function titled(node, title) {
  node.prepend(el('title', {}, title));
  return node;
}

// Short badge text of one printed icon ("ATK 2", "×2"), and its full sentence.
function iconShort(effect, t) {
  const { icon, x, y } = effect;
  let s = t(`hacktivity.icon_short.${icon}`, { x, y });
  if (effect.per_character) s += '×';
  if (effect.each) s = `∀ ${s}`;
  return s;
}

function iconLong(effect, t) {
  const { icon, x, y } = effect;
  let s = t(`hacktivity.icon.${icon}`, { x, y });
  if (effect.per_character) s += ` ${t('hacktivity.per_character')}`;
  if (effect.each) s += ` ${t('hacktivity.each_player')}`;
  return s;
}

// A shown icon ("each attack per_character": the icon's key with its modifiers, no numbers).
function shapeName(shape, t) {
  const words = shape.split(' ');
  const key = words.find((w) => w !== 'each' && w !== 'per_character') || shape;
  let s = t(`hacktivity.icon_short.${key}`, { x: '', y: '' }).trim();
  if (words.includes('per_character')) s += '×';
  if (words.includes('each')) s = `∀ ${s}`;
  return s;
}

function option(effects, t) {
  if (!effects || effects.length === 0) return '—';
  return effects.map((e) => iconLong(e, t)).join(', ');
}

// A card's or a program's title in the current language: the French one where the content
// gives it (`name_fr`), else the printed one.
function title(x) {
  return pick({ en: x.name, fr: x.name_fr });
}

function cardName(id) {
  const face = lastFaces[id];
  return face ? title(face) : id;
}

function sideName(id, side, t) {
  const face = lastFaces[id];
  const anomaly = face && ['anomaly', 'alert', 'alpha'].includes(face.kind);
  if (anomaly) return t(side === 'top' ? 'hacktivity.side.deactivate' : 'hacktivity.side.self_destruct');
  return t(side === 'top' ? 'hacktivity.side.top' : 'hacktivity.side.bottom');
}

function targetName(target, t) {
  if (target === 'bug') return t('hacktivity.target.bug');
  if (target && typeof target === 'object' && 'anomaly' in target) {
    return t('hacktivity.target.zone', { zone: target.anomaly });
  }
  return JSON.stringify(target);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// Clicking a spot that stands for several actions opens a small menu of them.
function chooser(svg, x, y, actions, ctx, labelOf) {
  svg.querySelectorAll('.hk-menu').forEach((m) => m.remove());
  if (actions.length === 1) {
    ctx.act(actions[0]);
    return;
  }
  const w = 260;
  const h = 26 * actions.length + 10;
  const left = Math.min(Math.max(0, x), L.w - w);
  const top = Math.min(Math.max(0, y), L.h - h);
  const menu = el('g', { class: 'hk-menu', role: 'menu' });
  menu.append(el('rect', { x: left, y: top, width: w, height: h, rx: 6, class: 'hk-menu-bg' }));
  actions.forEach((a, i) => {
    const item = el('g', { class: 'hk-menu-item', role: 'menuitem', tabindex: 0 });
    item.append(el('rect', { x: left + 4, y: top + 5 + 26 * i, width: w - 8, height: 24, rx: 4 }));
    item.append(text(left + 12, top + 22 + 26 * i, labelOf(a), 'hk-menu-text'));
    const go = (ev) => {
      ev.stopPropagation();
      menu.remove();
      ctx.act(a);
    };
    item.addEventListener('click', go);
    item.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') go(ev);
    });
    menu.append(item);
  });
  svg.append(menu);
  const first = menu.querySelector('.hk-menu-item');
  if (first) first.focus();
}

// Makes `node` a board target for `actions` (highlighted, clickable, reachable by keyboard).
function actionable(svg, node, actions, ctx, labelOf, hint) {
  if (!actions.length) return node;
  node.classList.add('legal');
  if (hint && actions.some((a) => same(a, hint))) node.classList.add('hinted');
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', actions.map(labelOf).join(' / '));
  const open = (ev) => {
    ev.stopPropagation();
    // The spot's box in its own group's units, carried into the board's (the groups are
    // translated), so that the menu opens by the spot clicked.
    const box = node.getBBox();
    const toBoard = svg.getCTM().inverse().multiply(node.getCTM());
    const at = new DOMPoint(box.x + 10, box.y + box.height / 2).matrixTransform(toBoard);
    chooser(svg, at.x, at.y, actions, ctx, labelOf);
  };
  node.addEventListener('click', open);
  node.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      open(ev);
    }
  });
  return node;
}

function drawAlert(view, t) {
  const g = el('g', { class: 'hk-screen hk-alert', transform: `translate(${L.alert})` });
  g.append(el('rect', { x: 0, y: 0, width: 250, height: 200, rx: 8, class: 'hk-panel' }));
  g.append(text(12, 22, t('hacktivity.alert_screen'), 'hk-title'));
  g.append(text(238, 22, t('hacktivity.alert_reserve', { n: view.alert_deck }), 'hk-small', { 'text-anchor': 'end' }));
  const cols = view.alert.length;
  const cw = 30;
  const ch = 18;
  const x0 = 40;
  const y0 = 34;
  for (let row = 8; row >= 1; row -= 1) {
    const y = y0 + (8 - row) * ch;
    g.append(text(x0 - 10, y + 13, String(row), 'hk-small', { 'text-anchor': 'end' }));
    for (let c = 0; c < cols; c += 1) {
      const marker = view.alert[c];
      const cls = ['hk-alert-cell'];
      if (marker === null) cls.push('off');
      else if (row === 8) cls.push('danger');
      g.append(el('rect', { x: x0 + c * cw, y, width: cw - 3, height: ch - 3, rx: 3, class: cls.join(' ') }));
      if (marker === row) {
        g.append(
          titled(
            el('circle', { cx: x0 + c * cw + (cw - 3) / 2, cy: y + (ch - 3) / 2, r: 6, class: 'hk-alert-marker' }),
            t('hacktivity.alert_marker', { column: String.fromCharCode(97 + c), row }),
          ),
        );
      }
    }
  }
  for (let c = 0; c < cols; c += 1) {
    g.append(text(x0 + c * cw + 13, y0 + 8 * ch + 12, String.fromCharCode(97 + c), 'hk-small', { 'text-anchor': 'middle' }));
  }
  return g;
}

function blocks(n, x, y) {
  const g = el('g', { class: 'hk-blocks' });
  for (let i = 0; i < n; i += 1) {
    g.append(el('rect', { x: x + (i % 5) * 13, y: y + Math.floor(i / 5) * 13, width: 10, height: 10, rx: 2, class: 'hk-block' }));
  }
  return g;
}

function drawAntivirus(svg, view, ctx, legal) {
  const { t } = ctx;
  const g = el('g', { class: 'hk-screen hk-antivirus', transform: `translate(${L.antivirus})` });
  g.append(el('rect', { x: 0, y: 0, width: 380, height: 200, rx: 8, class: 'hk-panel' }));
  g.append(text(12, 22, t('hacktivity.antivirus_screen'), 'hk-title'));
  view.zones.forEach((zone, i) => {
    const x = 10 + i * 92;
    const y = 34;
    const slot = el('g', { class: `hk-zone ${zone.state}`, 'data-zone': i + 1 });
    slot.append(el('rect', { x, y, width: 86, height: 156, rx: 6, class: 'hk-zone-slot' }));
    slot.append(text(x + 43, y + 16, t('hacktivity.zone', { zone: i + 1 }), 'hk-small', { 'text-anchor': 'middle' }));
    if (zone.state === 'blocked') {
      slot.append(text(x + 43, y + 84, t('hacktivity.blocked'), 'hk-muted', { 'text-anchor': 'middle' }));
    } else if (zone.state === 'empty') {
      slot.append(text(x + 43, y + 84, t('hacktivity.free'), 'hk-muted', { 'text-anchor': 'middle' }));
    } else {
      const face = view.faces[zone.card] || { name: zone.card };
      slot.append(el('rect', { x: x + 4, y: y + 24, width: 78, height: 126, rx: 5, class: 'hk-card anomaly' }));
      slot.append(wrapText(title(face), x + 43, y + 42, 10, 'hk-card-name'));
      slot.append(text(x + 43, y + 78, t('hacktivity.blocks_short', { n: zone.blocks }), 'hk-small', { 'text-anchor': 'middle' }));
      slot.append(blocks(zone.blocks, x + 11, y + 86));
      if (zone.chains > 0) {
        slot.append(
          titled(
            text(x + 43, y + 128, t('hacktivity.chains_short', { n: zone.chains }), 'hk-chain', { 'text-anchor': 'middle' }),
            t('hacktivity.chains', { n: zone.chains }),
          ),
        );
      }
      if (face.chain > 0) {
        slot.append(text(x + 43, y + 143, t('hacktivity.printed_chain', { n: face.chain }), 'hk-small', { 'text-anchor': 'middle' }));
      }
      titled(slot, `${title(face)}: ${t('hacktivity.blocks', { n: zone.blocks })}`);
    }
    const here = legal.filter(
      (a) =>
        (a.type === 'target' && a.target && a.target.anomaly === i + 1) ||
        (a.type === 'play' && a.zone === i + 1),
    );
    actionable(svg, slot, here, ctx, (a) => label(a, t), ctx.hint);
    g.append(slot);
  });
  return g;
}

function drawCritical(svg, view, ctx, legal) {
  const { t } = ctx;
  const g = el('g', { class: 'hk-screen hk-critical', transform: `translate(${L.critical})` });
  g.append(el('rect', { x: 0, y: 0, width: 250, height: 200, rx: 8, class: 'hk-panel' }));
  g.append(text(12, 22, t('hacktivity.critical_screen'), 'hk-title'));
  const bug = el('g', { class: 'hk-bug' });
  bug.append(el('rect', { x: 12, y: 34, width: 226, height: 44, rx: 6, class: 'hk-card bug' }));
  const critical = (ctx.lang === 'fr' && view.critical_fr) || view.critical;
  bug.append(text(125, 54, critical, 'hk-card-name', { 'text-anchor': 'middle' }));
  bug.append(text(125, 70, t('hacktivity.infection', { n: view.infection }), 'hk-small', { 'text-anchor': 'middle' }));
  actionable(
    svg,
    bug,
    legal.filter((a) => a.type === 'target' && a.target === 'bug'),
    ctx,
    (a) => label(a, t),
    ctx.hint,
  );
  g.append(bug);
  // The infection track, from its bottom to the breaking point.
  const lo = view.infection_min;
  const hi = view.breaking_point;
  const n = hi - lo + 1;
  const cw = Math.min(22, 226 / n);
  for (let v = lo; v <= hi; v += 1) {
    const x = 12 + (v - lo) * cw;
    const cls = ['hk-track-cell'];
    if (v <= 0) cls.push('win');
    if (v === hi) cls.push('danger');
    if (v === view.infection) cls.push('here');
    g.append(el('rect', { x, y: 96, width: cw - 2, height: 22, rx: 3, class: cls.join(' ') }));
    g.append(text(x + (cw - 2) / 2, 111, String(v), 'hk-tiny', { 'text-anchor': 'middle' }));
  }
  g.append(wrapText(t('hacktivity.win_at_zero'), 12, 138, 40, 'hk-small', 'start'));
  g.append(text(12, 170, t('hacktivity.breaking_point', { n: hi }), 'hk-small'));
  const c = view.campaign;
  if (c && (c.defeats_before > 0 || c.emergency)) {
    g.append(text(12, 188, t(c.emergency ? 'hacktivity.emergency' : 'hacktivity.defeats_before', { n: c.defeats_before }), 'hk-small'));
  }
  return g;
}

function drawStrip(view, t) {
  const g = el('g', { class: 'hk-strip', transform: `translate(0,${L.strip})` });
  g.append(el('rect', { x: 0, y: 0, width: L.w, height: L.stripH, rx: 8, class: 'hk-panel' }));
  g.append(text(12, 27, t('hacktivity.wave', { n: view.wave }), 'hk-title'));
  g.append(text(110, 27, t(`hacktivity.phase.${view.phase}`), 'hk-phase'));
  // Side by side in one band; narrow, the tension and the decks go on lines of their own.
  const [tensionX, trackX, trackY] = L.narrow ? [12, 80, 36] : [250, 320, 10];
  const [decksX, decksY] = L.narrow ? [12, 78] : [545, 19];
  g.append(text(tensionX, trackY + 17, t('hacktivity.tension'), 'hk-small'));
  view.tension_track.forEach((v, i) => {
    const x = trackX + i * 24;
    g.append(el('rect', { x, y: trackY, width: 21, height: 24, rx: 3, class: i === view.tension_step ? 'hk-track-cell here' : 'hk-track-cell' }));
    g.append(text(x + 10.5, trackY + 17, String(v), 'hk-tiny', { 'text-anchor': 'middle' }));
  });
  const yellow = view.alert_backs.length ? ` ${t('hacktivity.yellow_backs', { at: view.alert_backs.map((n) => n + 1).join(', ') })}` : '';
  g.append(text(decksX, decksY, t('hacktivity.anomaly_deck', { n: view.anomaly_deck }) + yellow, 'hk-small'));
  g.append(
    text(decksX, decksY + 17, t('hacktivity.discards', { enemy: view.enemy_discard.length, exile: view.exile.length }), 'hk-small'),
  );
  return g;
}

// `s` broken at its spaces into lines of at most `max` characters, `most` of them at most; the
// last ends in "…" when some is left over.
function fitLines(s, max, most) {
  const lines = breakLines(String(s).split(' '), max);
  const cut = (l) => `${l.slice(0, max - 1)}…`;
  const kept = lines.slice(0, most).map((l) => (l.length > max ? cut(l) : l));
  if (lines.length > most && !kept[most - 1].endsWith('…')) kept[most - 1] = cut(kept[most - 1]);
  return kept;
}

// `words` joined by spaces into lines of at most `max` characters (a longer word alone on its
// line), greedily.
function breakLines(words, max) {
  const lines = [];
  for (const word of words.filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + ' ' + word).length <= max) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function wrapText(s, x, y, max, cls, anchor = 'middle') {
  const lines = breakLines(String(s).split(/\s+/), max);
  // A word longer than the line (a long French title) is drawn smaller rather than past the card
  // (scaled from 11.5px, the size of .hk-card-name).
  const longest = Math.max(...lines.map((l) => l.length));
  const style = longest > max ? `font-size: ${((11.5 * max) / longest).toFixed(1)}px` : undefined;
  const node = el('text', { x, y, class: cls, 'text-anchor': anchor, style });
  lines.slice(0, 3).forEach((l, i) => node.append(el('tspan', { x, dy: i === 0 ? 0 : 14 }, l)));
  return node;
}

const CHARACTER_NAMES = { cyberlink: 'CyberLink', drpower: 'DrPower', blaast: 'BLAAST!', artemis: 'ArTeMiS' };

function drawPlayers(svg, view, ctx, legal) {
  const { t } = ctx;
  const g = el('g', { class: 'hk-players', transform: `translate(0,${L.players})` });
  const n = view.players.length;
  // Side by side, or narrow one under the other.
  const w = L.narrow ? L.w : (L.w - (n - 1) * 10) / n;
  view.players.forEach((p, i) => {
    const x = L.narrow ? 0 : i * (w + 10);
    const box = el('g', { class: 'hk-player', 'data-seat': p.seat, transform: `translate(0,${i * L.playerStep})` });
    const current = view.turn && view.turn.seat === p.seat;
    const acting = view.to_act.includes(p.seat);
    box.append(
      el('rect', {
        x,
        y: 0,
        width: w,
        height: 150,
        rx: 8,
        class: `hk-panel seat-${p.seat}${current || acting ? ' acting' : ''}${view.viewer === p.seat ? ' me' : ''}`,
      }),
    );
    const who = p.characters.map((c) => CHARACTER_NAMES[c] || c).join(' + ');
    const me = view.viewer === p.seat ? ` — ${t('hacktivity.you')}` : '';
    box.append(text(x + 10, 20, `${t('hacktivity.seat', { n: p.seat + 1 })} · ${who}${me}`, 'hk-title'));
    // The firewall meter.
    box.append(text(x + 10, 40, t('hacktivity.firewall', { n: p.firewall, max: p.firewall_max }), 'hk-small'));
    for (let k = 0; k < p.firewall_max; k += 1) {
      box.append(el('rect', { x: x + 10 + k * 16, y: 46, width: 13, height: 10, rx: 2, class: k < p.firewall ? 'hk-fw on' : 'hk-fw' }));
    }
    box.append(text(x + 10, 74, t('hacktivity.deck_hand', { deck: p.deck, hand: p.hand }), 'hk-small'));
    const backs = [];
    if (p.hand_character) backs.push(t('hacktivity.backs.character', { n: p.hand_character }));
    if (p.hand_anomaly) backs.push(t('hacktivity.backs.anomaly', { n: p.hand_anomaly }));
    if (p.hand_alert) backs.push(t('hacktivity.backs.alert', { n: p.hand_alert }));
    if (backs.length) box.append(text(x + 10, 90, backs.join(' · '), 'hk-small'));
    if (p.shown.length && view.viewer !== p.seat) {
      const names = (keys) => keys.map((k) => shapeName(k, t)).join(' ') || '—';
      const cards = p.shown.map((s) => `[${names(s.top)} | ${names(s.bottom)}]`);
      const shown = cards.join(' ');
      // In small type on two lines at most, broken between cards (a card's icons held together
      // by no-break spaces); what does not fit ends in "…", the whole in the tooltip.
      const held = cards.map((c) => c.replace(/ /g, '\u00a0')).join(' ');
      const lines = fitLines(t('hacktivity.shown', { icons: held }), Math.floor((w - 20) / 5.2), 2);
      const node = el('text', { x: x + 10, y: 101, class: 'hk-tiny hk-shown' });
      lines.forEach((l, k) => node.append(el('tspan', { x: x + 10, dy: k === 0 ? 0 : 11 }, l)));
      box.append(titled(node, shown));
    }
    const topCard = p.top.length ? cardName(p.top[p.top.length - 1]) : '—';
    const bottomCard = p.bottom.length ? cardName(p.bottom[p.bottom.length - 1]) : '—';
    const piles = el('g', { class: 'hk-piles' });
    piles.append(text(x + 10, 124, t('hacktivity.pile_top', { n: p.top.length, card: topCard }), 'hk-small'));
    piles.append(text(x + 10, 140, t('hacktivity.pile_bottom', { n: p.bottom.length, card: bottomCard }), 'hk-small'));
    box.append(piles);
    const status = [];
    if (view.phase === 'draw') status.push(p.draw ? t('hacktivity.draw_chosen') : acting ? t('hacktivity.choosing') : t('hacktivity.draw_waiting'));
    if (view.phase === 'plan') status.push(p.ready ? t('hacktivity.ready') : t('hacktivity.planning'));
    if (current) status.push(t('hacktivity.their_turn'));
    if (status.length) box.append(text(x + w - 10, 40, status.join(' · '), 'hk-status', { 'text-anchor': 'end' }));
    const aimed = legal.filter(
      (a) =>
        (a.type === 'teammate' && a.seat === p.seat) ||
        (a.type === 'duplicate' && (p.top.includes(a.card) || p.bottom.includes(a.card))),
    );
    actionable(svg, box, aimed, ctx, (a) => label(a, t), ctx.hint);
    g.append(box);
  });
  return g;
}

function drawExperimental(view, ctx, legal, svg) {
  const { t } = ctx;
  if (!view.experimental || !view.programs || !view.programs.length) return null;
  const x = view.experimental;
  const g = el('g', { class: 'hk-experimental', transform: `translate(0,${L.experimental})` });
  g.append(el('rect', { x: 0, y: 0, width: L.w, height: L.experimentalH, rx: 8, class: 'hk-panel' }));
  g.append(
    titled(
      text(10, 20, t('hacktivity.experimental_short', { charge: x.charge }), 'hk-small hk-strong'),
      t('hacktivity.experimental', { charge: x.charge, seat: x.owner + 1 }),
    ),
  );
  // After the charge on one line; narrow, two to a line under it.
  const pw = L.narrow ? (L.w - 14) / 2 : (L.w - 260) / view.programs.length;
  view.programs.forEach((p, i) => {
    const used = p.once && x.used[i];
    const node = el('g', { class: `hk-program${used ? ' used' : ''}` });
    const px = L.narrow ? 10 + (i % 2) * pw : 250 + i * pw;
    const py = L.narrow ? 30 + Math.floor(i / 2) * 26 : 4;
    node.append(el('rect', { x: px, y: py, width: pw - 6, height: 22, rx: 4, class: 'hk-program-bg' }));
    node.append(text(px + 6, py + 15, `${i + 1}. ${title(p)} (${p.cost})${used ? ' ✓' : ''}`, 'hk-tiny'));
    titled(node, `${title(p)}: ${option(p.icons, t)}`);
    actionable(
      svg,
      node,
      legal.filter((a) => a.type === 'run_program' && a.program === i + 1),
      ctx,
      (a) => label(a, t),
      ctx.hint,
    );
    g.append(node);
  });
  return g;
}

function drawCard(svg, face, x, y, w, h, ctx, legal, shownFlag) {
  const { t } = ctx;
  const anomaly = ['anomaly', 'alert', 'alpha'].includes(face.kind);
  const g = el('g', { class: `hk-hand-card ${face.kind}`, 'data-card': face.id });
  g.append(el('rect', { x, y, width: w, height: h, rx: 7, class: `hk-card ${anomaly ? 'anomaly' : 'character'}` }));
  g.append(wrapText(title(face), x + w / 2, y + 17, 14, 'hk-card-name'));
  // Under the title, what fits the card's width: an anomaly's blocks and printed chain (its
  // category, which no rule reads, in the card's tooltip), or a character card's id.
  const chain = face.chain ? ` · ${t('hacktivity.printed_chain', { n: face.chain })}` : '';
  const meta = anomaly ? `${t('hacktivity.blocks_short', { n: face.blocks })}${chain}` : face.id;
  g.append(text(x + w / 2, y + 48, meta, 'hk-tiny', { 'text-anchor': 'middle' }));
  if (anomaly) titled(g, `${title(face)}: ${face.category || face.kind} · ${t('hacktivity.blocks', { n: face.blocks })}${chain}`);
  if (shownFlag) g.append(text(x + w / 2, y + 36, t('hacktivity.shown_flag'), 'hk-tiny hk-shown-flag', { 'text-anchor': 'middle' }));
  const half = (side, top) => {
    const effects = face[side] || [];
    const part = el('g', { class: `hk-option ${side}` });
    part.append(el('rect', { x: x + 5, y: top, width: w - 10, height: 50, rx: 5, class: 'hk-option-bg' }));
    part.append(text(x + 10, top + 13, sideName(face.id, side, t), 'hk-tiny hk-strong'));
    effects.slice(0, 3).forEach((e, i) => {
      part.append(titled(text(x + 10, top + 26 + i * 11.5, iconShort(e, t), 'hk-icon'), iconLong(e, t)));
    });
    titled(part, `${sideName(face.id, side, t)}: ${option(effects, t)}`);
    const here = legal.filter((a) => a.type === 'play' && a.card === face.id && a.side === side);
    actionable(svg, part, here, ctx, (a) => label(a, t), ctx.hint);
    return part;
  };
  g.append(half('top', y + 56));
  g.append(half('bottom', y + 110));
  const discards = legal.filter((a) => a.type === 'discard' && a.from && a.from.hand === face.id);
  if (discards.length) {
    const d = el('g', { class: 'hk-discard-target' });
    d.append(el('rect', { x: x + 5, y: y + h - 22, width: w - 10, height: 18, rx: 4, class: 'hk-option-bg' }));
    d.append(text(x + w / 2, y + h - 9, t('hacktivity.discard_this'), 'hk-tiny', { 'text-anchor': 'middle' }));
    actionable(svg, d, discards, ctx, (a) => label(a, t), ctx.hint);
    g.append(d);
  }
  return g;
}

function drawHand(svg, view, ctx, legal) {
  const { t } = ctx;
  const g = el('g', { class: 'hk-hand', transform: `translate(0,${L.hand})` });
  if (view.hand === null || view.hand === undefined) {
    g.append(text(10, 20, t('hacktivity.spectating'), 'hk-muted'));
    return g;
  }
  g.append(text(10, 14, t('hacktivity.your_hand', { n: view.hand.length }), 'hk-title'));
  const deckDiscards = legal.filter((a) => a.type === 'discard' && a.from === 'deck');
  if (deckDiscards.length) {
    const d = el('g', { class: 'hk-deck-discard' });
    d.append(el('rect', { x: L.w - 200, y: 0, width: 200, height: 20, rx: 4, class: 'hk-option-bg' }));
    d.append(text(L.w - 100, 14, t('hacktivity.discard_deck_top'), 'hk-tiny', { 'text-anchor': 'middle' }));
    actionable(svg, d, deckDiscards, ctx, (a) => label(a, t), ctx.hint);
    g.append(d);
  }
  const n = view.hand.length;
  // In one row; narrow, three to a row.
  const cols = L.handCols;
  const ch = L.cardH;
  const cw = Math.min(L.narrow ? 128 : 120, (L.w - (cols - 1) * 8) / cols);
  view.hand.forEach((h, i) => {
    const face = view.faces[h.card] || { id: h.card, name: h.card, kind: 'character', top: [], bottom: [] };
    g.append(drawCard(svg, face, (i % cols) * (cw + 8), 24 + Math.floor(i / cols) * (ch + 8), cw, ch, ctx, legal, h.shown));
  });
  if (!n) g.append(text(10, 44, t('hacktivity.empty_hand'), 'hk-muted'));
  return g;
}

function drawPending(view, t) {
  if (!view.pending.length) return null;
  const task = view.pending[0];
  const step = task.step || {};
  const who = t('hacktivity.seat', { n: task.actor + 1 });
  const source = task.card ? cardName(task.card) : t('hacktivity.program');
  const amount = step.amount ?? step.left ?? step.times ?? '';
  const s = t('hacktivity.pending', { who, source, step: t(`hacktivity.step.${step.step}`, { n: amount }), more: view.pending.length - 1 });
  // On the right of the last line; narrow, from the left on two lines.
  const g = el('g', { class: 'hk-pending', transform: `translate(0,${L.h - (L.narrow ? 32 : 18)})` });
  g.append(L.narrow ? wrapText(s, 4, 12, 58, 'hk-status', 'start') : text(L.w, 12, s, 'hk-status', { 'text-anchor': 'end' }));
  return g;
}

export function render(root, view, ctx) {
  lastFaces = view.faces || {};
  lastPrograms = view.programs || [];
  const legal = ctx.legal || [];
  root.replaceChildren();
  L = layout(view, (ctx.width || window.innerWidth) < NARROW_BELOW_PX);
  const svg = el('svg', {
    viewBox: `0 0 ${L.w} ${L.h}`,
    class: `board hacktivity${L.narrow ? ' hk-narrow' : ''}`,
    role: 'img',
    'aria-label': ctx.t('hacktivity.board'),
    width: '100%',
  });
  svg.append(el('style', {}, STYLE));
  svg.addEventListener('click', () => svg.querySelectorAll('.hk-menu').forEach((m) => m.remove()));
  svg.append(drawAlert(view, ctx.t));
  svg.append(drawAntivirus(svg, view, ctx, legal));
  svg.append(drawCritical(svg, view, ctx, legal));
  svg.append(drawStrip(view, ctx.t));
  svg.append(drawPlayers(svg, view, ctx, legal));
  const x = drawExperimental(view, ctx, legal, svg);
  if (x) svg.append(x);
  svg.append(drawHand(svg, view, ctx, legal));
  const p = drawPending(view, ctx.t);
  if (p) svg.append(p);
  root.append(svg);
}

export function label(action, t) {
  switch (action.type) {
    case 'choose_draw':
      return t('hacktivity.action.choose_draw', { own: action.own, anomaly: action.anomaly });
    case 'show_icons':
      return t('hacktivity.action.show_icons');
    case 'ready':
      return t('hacktivity.action.ready');
    case 'play': {
      const zone = action.zone ? ` ${t('hacktivity.action.into_zone', { zone: action.zone })}` : '';
      return t('hacktivity.action.play', { card: cardName(action.card), side: sideName(action.card, action.side, t) }) + zone;
    }
    case 'end_turn':
      return t('hacktivity.action.end_turn');
    case 'run_program': {
      const p = lastPrograms[action.program - 1];
      return t('hacktivity.action.run_program', { n: action.program, name: p ? title(p) : '' });
    }
    case 'target':
      return t('hacktivity.action.target', { target: targetName(action.target, t) });
    case 'teammate':
      return t('hacktivity.action.teammate', { n: action.seat + 1 });
    case 'discard': {
      const from = action.from === 'deck' ? t('hacktivity.action.deck_top') : cardName(action.from.hand);
      return t('hacktivity.action.discard', { card: from, pile: t(`hacktivity.pile.${action.pile}`) });
    }
    case 'duplicate':
      return t('hacktivity.action.duplicate', { card: cardName(action.card) });
    default:
      return JSON.stringify(action);
  }
}

const STYLE = `
.hacktivity text { font-family: inherit; fill: var(--text, #e8ecf5); }
.hacktivity .hk-panel { fill: var(--panel, #1a2238); stroke: var(--line, #2d3857); }
.hacktivity .hk-panel.acting { stroke: var(--accent, #f2b33d); stroke-width: 2.5; }
.hacktivity .hk-panel.me { fill: var(--panel-2, #222b45); }
.hacktivity .hk-title { font-size: 13px; font-weight: 700; fill: var(--accent-2, #ffd27a); letter-spacing: 0.03em; }
.hacktivity .hk-small { font-size: 11px; }
.hacktivity .hk-tiny { font-size: 9.5px; }
.hacktivity .hk-strong { font-weight: 700; }
.hacktivity .hk-muted { font-size: 12px; fill: var(--muted, #9aa5c0); font-style: italic; }
.hacktivity .hk-status { font-size: 11px; font-weight: 700; fill: var(--accent, #f2b33d); }
.hacktivity .hk-phase { font-size: 12px; font-weight: 700; fill: var(--teal, #3ec6b8); }
.hacktivity .hk-alert-cell { fill: #2a3452; stroke: #3a4668; }
.hacktivity .hk-alert-cell.danger { fill: #5a2630; stroke: #8a3a44; }
.hacktivity .hk-alert-cell.off { fill: #161d30; stroke: #161d30; }
.hacktivity .hk-alert-marker { fill: var(--accent, #f2b33d); stroke: #7c4a03; stroke-width: 1.5; }
.hacktivity .hk-zone-slot { fill: #141a2b; stroke: #3a4668; stroke-dasharray: 4 3; }
.hacktivity .hk-zone.blocked .hk-zone-slot { fill: #232a3f; stroke-dasharray: none; }
.hacktivity .hk-card { stroke: #0b0f1a; stroke-width: 1; }
.hacktivity .hk-card.anomaly { fill: #e9dcf5; }
.hacktivity .hk-card.character { fill: #dfeaf8; }
.hacktivity .hk-card.bug { fill: #f8dcc6; }
.hacktivity .alert .hk-card { fill: #f8efbf; }
.hacktivity .hk-card ~ text, .hacktivity .hk-card ~ g text, .hacktivity .hk-card-name { fill: #1d2433; }
.hacktivity .hk-card-name { font-size: 11.5px; font-weight: 700; }
.hacktivity .hk-block { fill: #7c3aed; }
.hacktivity .hk-chain { font-size: 11px; font-weight: 700; fill: #0369a1 !important; }
.hacktivity .hk-shown-flag { fill: #0369a1 !important; font-style: italic; }
.hacktivity .hk-track-cell { fill: #2a3452; stroke: #3a4668; }
.hacktivity .hk-track-cell.win { fill: #1f4a34; }
.hacktivity .hk-track-cell.danger { fill: #5a2630; }
.hacktivity .hk-track-cell.here { fill: var(--accent, #f2b33d); stroke: #7c4a03; stroke-width: 1.5; }
.hacktivity .hk-track-cell.here + text { fill: #1d2433; font-weight: 700; }
.hacktivity .hk-fw { fill: #2a3452; stroke: #3a4668; }
.hacktivity .hk-fw.on { fill: var(--teal, #3ec6b8); stroke: var(--teal, #3ec6b8); }
.hacktivity .hk-option-bg { fill: rgba(255,255,255,0.7); stroke: #aab4c8; }
.hacktivity .hk-icon { font-size: 9.5px; font-weight: 700; fill: #334155 !important; }
.hacktivity .hk-program-bg { fill: var(--panel-2, #222b45); stroke: var(--line, #2d3857); }
.hacktivity .hk-program.used { opacity: 0.45; }
.hacktivity .hk-deck-discard .hk-option-bg { fill: var(--panel-2, #222b45); }
.hacktivity .legal { cursor: pointer; }
.hacktivity .legal > rect:first-of-type { stroke: var(--teal, #3ec6b8); stroke-width: 2.5; stroke-dasharray: none; }
.hacktivity .legal:hover > rect:first-of-type, .hacktivity .legal:focus > rect:first-of-type { stroke: var(--accent-2, #ffd27a); stroke-width: 3; }
.hacktivity .legal:focus { outline: none; }
.hacktivity .hinted > rect:first-of-type { stroke: var(--focus, #7fb2ff); stroke-width: 3.5; }
.hacktivity .hk-menu-bg { fill: var(--panel-2, #222b45); stroke: var(--accent, #f2b33d); filter: drop-shadow(0 2px 6px rgba(0,0,0,.5)); }
.hacktivity .hk-menu-item rect { fill: var(--panel, #1a2238); cursor: pointer; }
.hacktivity .hk-menu-item:hover rect, .hacktivity .hk-menu-item:focus rect { fill: #2d3857; }
.hacktivity .hk-menu-item:focus { outline: none; }
.hacktivity .hk-menu-text { font-size: 11.5px; }
`;

// One line for the banner: the wave, its phase, whose turn, and the choice the game waits for.
export function summary(view, ctx) {
  const { t } = ctx;
  if (!view) return '';
  const parts = [t('hacktivity.wave', { n: view.wave }), t(`hacktivity.phase.${view.phase}`)];
  if (view.turn) {
    parts.push(t('hacktivity.turn_line', { n: view.turn.seat + 1, played: view.turn.played }));
  }
  if (view.pending.length) {
    const task = view.pending[0];
    const step = task.step || {};
    const amount = step.amount ?? step.left ?? step.times ?? '';
    parts.push(t(`hacktivity.step.${step.step}`, { n: amount }));
  }
  return parts.join(' — ');
}

export default { render, label, summary };
