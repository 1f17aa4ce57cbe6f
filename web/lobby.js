// The lobby: pick a game, set its options (drawn from the server's options schema, each with
// its explanation), choose the seats and which are bots, create the table, copy invitation
// links; see the open tables and join one; replay finished ones.

import { api, takeSeat, playerName, setPlayerName } from './api.js';
import { t, pick, has } from './i18n.js';
import { h, toast, copyText } from './dom.js';

const POLL_MS = 4000;

/** `heuristic bot` as a choice of its own: `Heuristic bot` (`bot heuristique`: `Bot heuristique`). */
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function mount(el, _params, { navigate }) {
  const state = {
    games: null,
    game: null,
    options: {},
    seats: 1,
    bots: {},
    tables: [],
    finished: [],
    created: null,
    busy: false,
  };

  async function loadGames() {
    try {
      const { games } = await api('GET', '/api/games');
      state.games = games;
      selectGame(games[0]?.id);
    } catch (e) {
      toast(e.message);
    }
    draw();
  }

  function selectGame(id) {
    const game = state.games.find((g) => g.id === id);
    if (!game) return;
    state.game = game;
    state.options = Object.fromEntries(game.options.map((o) => [o.key, o.default]));
    state.seats = Math.max(game.min_seats, Math.min(game.max_seats, 2));
    state.bots = {};
    for (let s = 1; s < state.seats; s++) if (game.bots.length) state.bots[s] = game.bots.includes('heuristic') ? 'heuristic' : game.bots[0];
  }

  async function loadTables() {
    try {
      const [open, all] = await Promise.all([api('GET', '/api/tables'), api('GET', '/api/tables?all=true')]);
      state.tables = open.tables;
      state.finished = all.tables.filter((x) => x.status === 'over').reverse().slice(0, 8);
      drawTables();
    } catch (e) {
      /* the lobby keeps the last list; the next poll tries again */
    }
  }

  const gameName = (id) => pick(state.games?.find((g) => g.id === id)?.name) || id;

  // --- the new-table form -------------------------------------------------------------------

  function optionField(o) {
    const id = `opt-${o.key}`;
    let input;
    if (o.type === 'choice') {
      input = h(
        'select',
        { id, name: o.key, onchange: (e) => (state.options[o.key] = e.target.value) },
        o.choices.map((c) => h('option', { value: c.value, selected: state.options[o.key] === c.value }, pick(c.label))),
      );
    } else {
      input = h('input', {
        id,
        name: o.key,
        type: 'number',
        min: o.min,
        max: o.max,
        value: state.options[o.key],
        onchange: (e) => (state.options[o.key] = e.target.value),
      });
    }
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id }, pick(o.label)),
      input,
      h('p', { class: 'help', id: `${id}-help` }, pick(o.help)),
    );
  }

  function seatRow(seat) {
    const game = state.game;
    const id = `seat-${seat}`;
    const select = h(
      'select',
      {
        id,
        onchange: (e) => {
          if (e.target.value === 'player') delete state.bots[seat];
          else state.bots[seat] = e.target.value;
          drawForm();
        },
      },
      h('option', { value: 'player', selected: !state.bots[seat] }, t('lobby.seat_player')),
      game.bots.map((b) => h('option', { value: b, selected: state.bots[seat] === b }, capitalized(t(`bot.${b}`)))),
    );
    return h('div', { class: 'seat-row' }, h('label', { for: id }, t('lobby.seat_n', { n: seat + 1 })), select);
  }

  async function create(e) {
    e.preventDefault();
    if (state.busy) return;
    state.busy = true;
    const name = form.querySelector('#player-name').value.trim();
    setPlayerName(name);
    try {
      const bots = Object.entries(state.bots)
        .filter(([s]) => Number(s) < state.seats)
        .map(([seat, bot]) => ({ seat: Number(seat), bot }));
      const table = await api('POST', '/api/tables', {
        game: state.game.id,
        seats: state.seats,
        options: state.options,
        bots,
      });
      const open = table.seats.filter((x) => x.occupant === 'open').map((x) => x.seat);
      let mine = null;
      if (open.length) mine = await takeSeat(table.id, open[0], name);
      const others = open.slice(1);
      if (!others.length) {
        navigate(`/tables/${table.id}`);
        return;
      }
      state.created = { table, mine, others };
      draw();
    } catch (err) {
      toast(err.message);
    } finally {
      state.busy = false;
    }
  }

  let form;
  function drawForm() {
    const game = state.game;
    if (!game) return;
    const seatChoices = [];
    for (let n = game.min_seats; n <= game.max_seats; n++) seatChoices.push(n);
    const rows = [];
    for (let s = 0; s < state.seats; s++) rows.push(seatRow(s));
    const fresh = h(
      'form',
      { class: 'card new-table', id: 'new-table', onsubmit: create },
      h('h2', {}, t('lobby.new_table')),
      h(
        'fieldset',
        { class: 'games' },
        h('legend', {}, t('lobby.game')),
        state.games.map((g) =>
          h(
            'label',
            { class: `game-choice${g.id === game.id ? ' selected' : ''}` },
            h('input', {
              type: 'radio',
              name: 'game',
              value: g.id,
              checked: g.id === game.id,
              onchange: () => {
                selectGame(g.id);
                drawForm();
              },
            }),
            h('span', { class: 'game-name' }, pick(g.name)),
            h('span', { class: 'game-seats' }, t('lobby.players_range', { min: g.min_seats, max: g.max_seats })),
          ),
        ),
      ),
      h(
        'fieldset',
        { class: 'options' },
        h('legend', {}, t('lobby.options')),
        h('div', { class: 'option-grid' }, game.options.map(optionField)),
      ),
      h(
        'fieldset',
        { class: 'seats' },
        h('legend', {}, t('lobby.seats')),
        h(
          'div',
          { class: 'field seat-count' },
          h('label', { for: 'seat-count' }, t('lobby.seat_count')),
          h(
            'select',
            {
              id: 'seat-count',
              onchange: (e) => {
                state.seats = Number(e.target.value);
                drawForm();
              },
            },
            seatChoices.map((n) => h('option', { value: n, selected: n === state.seats }, String(n))),
          ),
          game.bots.length ? null : h('p', { class: 'help' }, t('lobby.no_bots')),
        ),
        h('div', { class: 'seat-rows' }, rows),
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'player-name' }, t('lobby.your_name')),
          h('input', { id: 'player-name', maxlength: 40, value: playerName(), placeholder: t('lobby.name_placeholder') }),
        ),
      ),
      h('button', { class: 'primary big', type: 'submit', id: 'create-table' }, t('lobby.create')),
    );
    if (form) form.replaceWith(fresh);
    form = fresh;
  }

  function createdPanel() {
    const { table, mine, others } = state.created;
    const base = location.origin;
    return h(
      'section',
      { class: 'card created', id: 'created' },
      h('h2', {}, t('lobby.created', { game: gameName(table.game) })),
      h('p', {}, t('lobby.invite_help')),
      h(
        'ul',
        { class: 'invites' },
        others.map((seat) => {
          const link = `${base}/tables/${table.id}#seat=${seat}`;
          return h(
            'li',
            {},
            h('span', { class: 'invite-seat' }, t('lobby.seat_n', { n: seat + 1 })),
            h('input', { class: 'invite-link', readonly: true, value: link, 'aria-label': t('lobby.invite_link_n', { n: seat + 1 }) }),
            h('button', { class: 'secondary', type: 'button', onclick: async () => toast(t((await copyText(link)) ? 'common.copied' : 'common.copy_failed'), 'info') }, t('common.copy')),
          );
        }),
      ),
      mine ? h('p', { class: 'help' }, t('lobby.your_seat', { n: mine.seat + 1 })) : null,
      h('div', { class: 'row' },
        h('a', { class: 'button primary', href: `/tables/${table.id}`, 'data-nav': true, id: 'open-table' }, t('lobby.open_table')),
        h('button', { class: 'secondary', type: 'button', onclick: () => { state.created = null; draw(); } }, t('lobby.another')),
      ),
    );
  }

  // --- the tables ---------------------------------------------------------------------------

  let tablesBox;
  function seatsText(x) {
    return x.seats
      .map((seat) => {
        if (seat.occupant === 'bot') return t('lobby.seat_bot', { n: seat.seat + 1, bot: t(`bot.${seat.bot}`) });
        if (seat.occupant === 'player') return t('lobby.seat_taken', { n: seat.seat + 1, name: seat.name || t('common.player') });
        return t('lobby.seat_open', { n: seat.seat + 1 });
      })
      .join(' · ');
  }

  function optionsText(x) {
    const game = state.games?.find((g) => g.id === x.game);
    if (!game) return '';
    return game.options
      .filter((o) => o.type === 'choice' && ['job', 'difficulty', 'scenario'].includes(o.key))
      .map((o) => pick(o.choices.find((c) => c.value === x.options[o.key])?.label))
      .filter(Boolean)
      .join(', ');
  }

  function drawTables() {
    const fresh = h(
      'section',
      { class: 'card tables', id: 'open-tables' },
      h('h2', {}, t('lobby.open_tables')),
      state.tables.length
        ? h(
            'ul',
            { class: 'table-list' },
            state.tables.map((x) =>
              h(
                'li',
                { class: 'table-item', dataset: { table: x.id } },
                h('div', { class: 'table-head' }, h('strong', {}, gameName(x.game)), h('span', { class: 'muted' }, optionsText(x))),
                h('div', { class: 'muted small' }, seatsText(x)),
                h(
                  'div',
                  { class: 'row' },
                  x.seats
                    .filter((seat) => seat.occupant === 'open')
                    .map((seat) =>
                      h('a', { class: 'button primary small join', href: `/tables/${x.id}#seat=${seat.seat}`, 'data-nav': true }, t('lobby.join_seat', { n: seat.seat + 1 })),
                    ),
                  h('a', { class: 'button secondary small', href: `/tables/${x.id}`, 'data-nav': true }, t('lobby.watch')),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('lobby.no_tables')),
      h('h2', {}, t('lobby.finished_tables')),
      state.finished.length
        ? h(
            'ul',
            { class: 'table-list' },
            state.finished.map((x) =>
              h(
                'li',
                { class: 'table-item' },
                h('div', { class: 'table-head' }, h('strong', {}, gameName(x.game)), h('span', { class: `verdict verdict-${x.to_act?.outcome?.verdict}` }, outcomeText(x.to_act?.outcome))),
                h('div', { class: 'row' }, h('a', { class: 'button secondary small', href: `/tables/${x.id}/replay`, 'data-nav': true }, t('lobby.replay'))),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('lobby.no_finished')),
    );
    if (tablesBox) tablesBox.replaceWith(fresh);
    tablesBox = fresh;
  }

  function draw() {
    el.replaceChildren();
    form = null;
    tablesBox = null;
    const hero = h('section', { class: 'hero' }, h('h1', {}, t('lobby.title')), h('p', {}, t('lobby.tagline')));
    const left = h('div', { class: 'lobby-main' });
    if (state.created) left.append(createdPanel());
    else if (state.games) {
      drawForm();
      left.append(form);
    } else left.append(h('p', { class: 'loading' }, t('common.loading')));
    drawTables();
    el.append(hero, h('div', { class: 'lobby' }, left, tablesBox));
  }

  draw();
  loadGames().then(loadTables);
  const timer = setInterval(loadTables, POLL_MS);
  return {
    rerender: draw,
    destroy: () => clearInterval(timer),
  };
}

/** "Won — the team escaped" from an outcome. */
export function outcomeText(outcome) {
  if (!outcome) return '';
  const reasonKey = `outcome.${outcome.reason}`;
  const reason = has(reasonKey) ? t(reasonKey) : outcome.reason.replaceAll('_', ' ');
  return t(`outcome.verdict_${outcome.verdict}`, { reason });
}
