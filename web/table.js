// A table in play: the board (drawn by the game's board module, games/<game>.js), the banner
// saying whose turn it is, what is waiting or how the game ended, the action panel (every legal
// action, keyboard operable), undo and hint, the seats with their invitation links, and the
// log in plain sentences. Updates are played one event at a time (the board module animates
// guard steps and other automatic moves) before the new view is drawn.

import { api, TableSocket, savedSeat, saveSeat, forgetSeat, takeSeat, playerName, setPlayerName, boardFor } from './api.js';
import { t, getLang, has } from './i18n.js';
import { h, toast, copyText, boardWidth } from './dom.js';
import { outcomeText } from './lobby.js';

/** The same JSON, whatever the key order. */
export function sameAction(a, b) {
  const norm = (v) =>
    v && typeof v === 'object'
      ? Array.isArray(v)
        ? v.map(norm)
        : Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm(v[k])]))
      : v;
  return a != null && b != null && JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** A seat's name as the table shows it. */
export function seatName(seats, n) {
  const seat = seats?.find((x) => x.seat === n);
  if (seat?.name) return seat.name;
  if (seat?.occupant === 'bot' || seat?.bot) return t('table.bot_seat', { n: n + 1, bot: t(`bot.${seat.bot}`) });
  return t('lobby.seat_n', { n: n + 1 });
}

/** A refusal from the table socket as a toast. The server words it in English, and in French
 * when the game gives its reason (`fr`, an illegal action); otherwise other languages say what
 * kind of refusal it is (`table.error.<code>`) in their own words. */
export function refusal(m) {
  if (getLang() === 'fr' && m.fr) return m.fr;
  if (getLang() !== 'en' && has(`table.error.${m.code}`)) return t(`table.error.${m.code}`);
  return m.message || (has(`table.error.${m.code}`) ? t(`table.error.${m.code}`) : m.code);
}

export function mount(el, { id }, { settings }) {
  const st = {
    summary: null,
    games: null,
    board: null,
    me: null, // {seat, token}
    joinSeat: null, // a seat to take (an invitation link without a token)
    socket: null,
    connected: false,
    welcome: null,
    view: null,
    legal: [],
    toAct: null,
    canUndo: false,
    seats: [],
    log: [], // [{index, seat, events: [SeenEvent]}]
    hint: null,
    hintAsked: false,
    pending: false,
    queue: [],
    playing: false,
    destroyed: false,
    updates: 0,
    hints: true, // whether a bot plays this game, and so gives hints
  };

  // --- the page's frame ---------------------------------------------------------------------

  const banner = h('div', { class: 'banner', id: 'banner', role: 'status' });
  const boardEl = h('div', { class: 'board', id: 'board' });
  const actionsEl = h('section', { class: 'panel actions', id: 'actions', 'aria-labelledby': 'actions-title' });
  const seatsEl = h('section', { class: 'panel seats', id: 'seats' });
  const logList = h('ol', { class: 'log-list', id: 'log' });
  const logEl = h('section', { class: 'panel log', 'aria-labelledby': 'log-title' });
  const page = h(
    'div',
    { class: 'table-page', dataset: { updates: '0' } },
    banner,
    h('div', { class: 'table-layout' }, h('section', { class: 'board-area' }, boardEl), h('aside', { class: 'side' }, actionsEl, seatsEl, logEl)),
  );
  el.append(page);

  const ctx = () => ({
    seat: st.me?.seat ?? null,
    legal: st.legal,
    t,
    lang: getLang(),
    act,
    hint: st.hint,
    fast: settings.fast,
    seats: st.seats,
  });

  // --- acting -------------------------------------------------------------------------------

  function act(action) {
    if (!st.socket || st.pending) return;
    if (!st.legal.some((a) => sameAction(a, action))) {
      toast(t('table.not_legal'));
      return;
    }
    st.pending = true;
    drawActions();
    if (st.socket.send({ type: 'act', action }) === null) st.pending = false;
  }

  function undo() {
    if (!st.socket || st.pending || !st.canUndo) return;
    st.pending = true;
    drawActions();
    if (st.socket.send({ type: 'undo' }) === null) st.pending = false;
  }

  /** Leaves the seat to a bot (`away`) or takes it back. */
  function setAway(away) {
    if (!st.socket) return;
    st.socket.send({ type: away ? 'leave' : 'return' });
  }

  function askHint() {
    if (!st.socket) return;
    st.hintAsked = true;
    drawActions();
    if (st.socket.send({ type: 'hint' }) === null) st.hintAsked = false;
  }

  // --- drawing ------------------------------------------------------------------------------

  const mySeat = () => st.me?.seat ?? null;
  const over = () => st.toAct?.type === 'over';

  function drawBanner() {
    banner.replaceChildren();
    banner.className = 'banner';
    if (!st.toAct) {
      banner.append(t(st.connected ? 'common.loading' : 'table.connecting'));
      return;
    }
    if (over()) {
      const outcome = st.toAct.outcome;
      banner.classList.add(`banner-${outcome.verdict}`);
      banner.append(
        h('strong', { class: 'banner-main', id: 'outcome' }, outcomeText(outcome)),
        h('a', { class: 'button secondary small', href: `/tables/${id}/replay`, 'data-nav': true, id: 'replay-link' }, t('table.watch_replay')),
      );
      return;
    }
    const seats = st.toAct.seats || [];
    const mine = mySeat() !== null && seats.includes(mySeat());
    banner.classList.add(mine ? 'banner-you' : 'banner-wait');
    const who = mine ? t('table.your_turn') : t('table.waiting_for', { names: seats.map((n) => seatName(st.seats, n)).join(', ') });
    const extra = st.board?.summary?.(st.view, ctx());
    banner.append(h('strong', { class: 'banner-main', id: 'turn' }, who));
    if (extra) banner.append(h('span', { class: 'banner-detail' }, extra));
    if (!st.connected) banner.append(h('span', { class: 'banner-detail offline' }, t('table.reconnecting')));
  }

  function drawBoard() {
    const width = boardWidth(boardEl);
    boardEl.replaceChildren();
    if (!st.view || !st.board) return;
    try {
      st.board.render(boardEl, st.view, { ...ctx(), width });
    } catch (e) {
      console.error(e);
      boardEl.append(h('p', { class: 'error' }, t('table.board_failed', { message: e.message })));
    }
  }

  function drawActions() {
    const focusedIndex = [...actionsEl.querySelectorAll('.action')].indexOf(document.activeElement);
    actionsEl.replaceChildren();
    actionsEl.append(h('h2', { id: 'actions-title' }, mySeat() === null ? t('table.watching') : t('table.your_actions')));
    if (mySeat() === null) {
      actionsEl.append(h('p', { class: 'muted' }, over() ? t('table.game_over_short') : t('table.spectator_help')));
      return;
    }
    // A player who left the seat to a bot (or stayed away too long) sees it played for them.
    const mine = st.seats.find((x) => x.seat === mySeat());
    const away = mine?.occupant === 'player' && !!mine.bot;
    const tools = h(
      'div',
      { class: 'toolbar' },
      h('button', { class: 'secondary', id: 'undo', disabled: !st.canUndo || st.pending, onclick: undo, title: t('table.undo_help') }, t('table.undo')),
      h('button', { class: 'secondary', id: 'hint', disabled: over() || !st.legal.length || st.hintAsked || !st.hints, onclick: askHint, title: t('table.hint_help') }, st.hintAsked ? t('table.hint_thinking') : t('table.hint')),
      st.hints
        ? h(
            'button',
            { class: 'secondary away', id: 'away', disabled: over(), onclick: () => setAway(!away), title: t(away ? 'table.return_help' : 'table.leave_help') },
            t(away ? 'table.return' : 'table.leave'),
          )
        : null,
    );
    actionsEl.append(tools);
    if (away && !over()) actionsEl.append(h('p', { class: 'muted', id: 'away-note' }, t('table.away_note', { bot: t(`bot.${mine.bot}`) })));
    if (st.hint) {
      const label = safeLabel(st.hint);
      actionsEl.append(h('p', { class: 'hint-text', id: 'hint-text' }, t('table.hint_is', { action: label })));
    }
    if (!st.legal.length) {
      actionsEl.append(h('p', { class: 'muted', id: 'no-actions' }, over() ? t('table.game_over_short') : t('table.nothing_to_do')));
      return;
    }
    const list = h('div', { class: 'action-list', role: 'group', 'aria-label': t('table.your_actions'), onkeydown: keyNav });
    st.legal.forEach((action, i) => {
      const hinted = st.hint && sameAction(st.hint, action);
      list.append(
        h(
          'button',
          {
            class: `action${hinted ? ' hinted' : ''}`,
            type: 'button',
            disabled: st.pending,
            dataset: { index: i, type: action.type },
            onclick: () => act(action),
          },
          safeLabel(action),
        ),
      );
    });
    actionsEl.append(list);
    if (focusedIndex >= 0) list.children[Math.min(focusedIndex, list.children.length - 1)]?.focus();
  }

  function safeLabel(action) {
    try {
      return st.board?.label(action, t) || action.type;
    } catch {
      return action.type;
    }
  }

  function keyNav(e) {
    const buttons = [...e.currentTarget.querySelectorAll('button.action:not([disabled])')];
    const i = buttons.indexOf(document.activeElement);
    let next = null;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = buttons[(i + 1) % buttons.length];
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = buttons[(i - 1 + buttons.length) % buttons.length];
    else if (e.key === 'Home') next = buttons[0];
    else if (e.key === 'End') next = buttons[buttons.length - 1];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  function drawSeats() {
    seatsEl.replaceChildren(h('h2', {}, t('table.seats')));
    const list = h('ul', { class: 'seat-list' });
    for (const seat of st.seats) {
      const me = seat.seat === mySeat();
      const status =
        seat.occupant === 'open'
          ? t('table.open_seat')
          : seat.bot
            ? t('table.played_by_bot', { bot: t(`bot.${seat.bot}`) })
            : seat.connections > 0
              ? t('table.online')
              : t('table.offline');
      const item = h(
        'li',
        { class: `seat-item${me ? ' me' : ''}`, dataset: { seat: seat.seat } },
        h('span', { class: `seat-dot seat-${seat.seat}`, 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, seatName(st.seats, seat.seat), me ? h('span', { class: 'you' }, ` (${t('table.you')})`) : null),
        h('span', { class: 'seat-status muted small' }, status),
      );
      if (seat.occupant === 'open' && !over()) {
        const link = `${location.origin}/tables/${id}#seat=${seat.seat}`;
        item.append(
          h(
            'span',
            { class: 'seat-tools' },
            h('button', { class: 'secondary small', type: 'button', title: link, onclick: async () => toast(t((await copyText(link)) ? 'common.copied' : 'common.copy_failed'), 'info') }, t('table.copy_invite')),
            mySeat() === null ? h('button', { class: 'primary small', type: 'button', onclick: () => join(seat.seat) }, t('table.take_seat')) : null,
          ),
        );
      }
      list.append(item);
    }
    seatsEl.append(list);
  }

  function logLine(ev) {
    return h('li', { class: 'log-line' }, ev[getLang()] || ev.en);
  }

  function drawLogEntry(entry) {
    return h(
      'li',
      { class: 'log-entry', dataset: { index: entry.index } },
      h('span', { class: `log-who seat-text-${entry.seat}` }, seatName(st.seats, entry.seat)),
      h('ul', { class: 'log-lines' }, entry.events.map(logLine)),
    );
  }

  function drawLog() {
    logEl.replaceChildren(h('h2', { id: 'log-title' }, t('table.log')));
    logList.replaceChildren(...st.log.filter((e) => e?.events.length).map(drawLogEntry));
    if (!logList.children.length) logList.append(h('li', { class: 'muted' }, t('table.log_empty')));
    logEl.append(logList);
    logList.scrollTop = logList.scrollHeight;
  }

  function drawAll() {
    drawBanner();
    drawBoard();
    drawActions();
    drawSeats();
    drawLog();
  }

  // --- the socket ---------------------------------------------------------------------------

  async function play(u) {
    const fast = settings.fast || st.queue.length > 2;
    if (u.cause.type === 'action') {
      const entry = { index: u.cause.index, seat: u.cause.seat, events: [] };
      st.log.length = u.cause.index;
      st.log.push(entry);
      if (st.log.length === 1) logList.replaceChildren();
      const node = drawLogEntry(entry);
      if (u.events.length) logList.append(node);
      const lines = node.querySelector('.log-lines');
      for (const ev of u.events) {
        entry.events.push(ev);
        lines.append(logLine(ev));
        logList.scrollTop = logList.scrollHeight;
        if (!fast && st.board?.animate) {
          try {
            await st.board.animate(boardEl, ev.event, { ...ctx(), fast });
          } catch (e) {
            console.error(e);
          }
        }
        if (st.destroyed) return;
      }
    } else if (u.cause.type === 'undo') {
      st.log.length = Math.min(st.log.length, u.length);
    }
    st.view = u.view;
    st.legal = u.legal;
    st.toAct = u.to_act;
    st.canUndo = u.can_undo;
    st.hint = null;
    st.hintAsked = false;
    drawAll();
    // Tests (and anyone curious) can tell when an update has been drawn.
    st.updates += 1;
    page.dataset.updates = String(st.updates);
    page.dataset.length = String(u.length);
  }

  async function pump() {
    if (st.playing) return;
    st.playing = true;
    while (st.queue.length && !st.destroyed) await play(st.queue.shift());
    st.playing = false;
  }

  function connect() {
    st.socket?.close();
    st.socket = new TableSocket(id, st.me?.token, {
      status: (s) => {
        st.connected = s === 'open';
        drawBanner();
      },
      welcome: (m) => {
        st.welcome = m;
        if (st.me && m.seat !== st.me.seat) st.me = m.seat === null ? null : { ...st.me, seat: m.seat };
      },
      log: (m) => {
        st.log.length = Math.min(st.log.length, m.from);
        for (const e of m.entries) st.log[e.index] = { index: e.index, seat: e.seat, events: e.events };
        drawLog();
      },
      seats: (m) => {
        st.seats = m.seats;
        drawSeats();
        drawBanner();
        drawActions();
      },
      update: (m) => {
        st.pending = false;
        st.queue.push(m);
        pump();
      },
      // The update that follows an ack redraws the actions; until then they stay disabled.
      ack: () => {},
      hint: (m) => {
        st.hintAsked = false;
        st.hint = m.action ?? null;
        if (!st.hint) toast(t('table.no_hint'), 'info');
        drawActions();
        drawBoard();
      },
      error: (m) => {
        st.pending = false;
        st.hintAsked = false;
        toast(refusal(m));
        drawActions();
      },
    });
  }

  // --- joining ------------------------------------------------------------------------------

  function join(seat) {
    page.querySelector('#join')?.remove();
    joinDialog(seat);
  }

  function joinDialog(seat) {
    const input = h('input', { id: 'join-name', maxlength: 40, value: playerName(), placeholder: t('lobby.name_placeholder') });
    const dialog = h(
      'form',
      {
        class: 'card join-card',
        id: 'join',
        onsubmit: async (e) => {
          e.preventDefault();
          const name = input.value.trim();
          setPlayerName(name);
          try {
            st.me = await takeSeat(id, seat, name);
            dialog.remove();
            connect();
            drawAll();
          } catch (err) {
            toast(err.message);
          }
        },
      },
      h('h2', {}, t('table.join_title', { n: seat + 1 })),
      h('label', { for: 'join-name' }, t('lobby.your_name')),
      input,
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'primary', type: 'submit', id: 'join-submit' }, t('table.take_seat')),
        h('button', { class: 'secondary', type: 'button', onclick: () => dialog.remove() }, t('table.just_watch')),
      ),
    );
    page.prepend(dialog);
    input.focus();
  }

  async function start() {
    const hash = new URLSearchParams(location.hash.slice(1));
    const hashSeat = hash.has('seat') ? Number(hash.get('seat')) : null;
    const hashToken = hash.get('token');
    if (hashSeat !== null && Number.isInteger(hashSeat) && hashToken) saveSeat(id, hashSeat, hashToken);
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    try {
      st.summary = await api('GET', `/api/tables/${id}`);
    } catch (e) {
      banner.replaceChildren(h('strong', {}, e.status === 404 ? t('table.not_found') : e.message));
      return;
    }
    st.seats = st.summary.seats;
    st.board = await boardFor(st.summary.game);
    try {
      const { games } = await api('GET', '/api/games');
      st.hints = (games.find((g) => g.id === st.summary.game)?.bots ?? []).length > 0;
    } catch {
      st.hints = true;
    }
    st.me = savedSeat(id);
    if (st.me) {
      try {
        await api('GET', `/api/tables/${id}/log?token=${encodeURIComponent(st.me.token)}`);
      } catch (e) {
        if (e.status === 401) {
          forgetSeat(id);
          st.me = null;
          toast(t('table.seat_lost'));
        }
      }
    }
    if (!st.me && hashSeat !== null && Number.isInteger(hashSeat) && !hashToken) {
      const open = st.summary.seats.find((x) => x.seat === hashSeat)?.occupant === 'open';
      if (open && st.summary.status !== 'over') joinDialog(hashSeat);
      else toast(t('table.seat_not_open', { n: hashSeat + 1 }));
    }
    connect();
    drawAll();
  }

  start();

  return {
    rerender: () => drawAll(),
    relayout: () => drawBoard(),
    destroy: () => {
      st.destroyed = true;
      st.socket?.close();
    },
  };
}
