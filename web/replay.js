// The replay of a finished game: step forwards and backwards through it (buttons, slider, the
// arrow keys), with the board after each step and that step's log sentences.

import { api, boardFor } from './api.js';
import { t, getLang } from './i18n.js';
import { h, toast, boardWidth } from './dom.js';
import { outcomeText } from './lobby.js';
import { seatName } from './table.js';

export function mount(el, { id }) {
  const st = { step: 0, data: null, board: null, summary: null, loading: false, destroyed: false, cache: new Map() };

  const header = h('div', { class: 'banner banner-replay', id: 'replay-banner' });
  const controls = h('div', { class: 'replay-controls', id: 'replay-controls' });
  const boardEl = h('div', { class: 'board', id: 'board' });
  const stepInfo = h('section', { class: 'panel replay-step', id: 'replay-step' });
  el.append(
    h(
      'div',
      { class: 'table-page replay-page' },
      header,
      h('div', { class: 'table-layout' }, h('section', { class: 'board-area' }, boardEl), h('aside', { class: 'side' }, controls, stepInfo)),
    ),
  );

  async function fetchStep(step) {
    if (!st.cache.has(step)) {
      st.cache.set(
        step,
        api('GET', `/api/tables/${id}/replay/${step}`).catch((e) => {
          st.cache.delete(step);
          throw e;
        }),
      );
    }
    return st.cache.get(step);
  }

  async function go(step) {
    if (!st.data && step !== 0) return;
    const length = st.data?.length ?? 0;
    const target = Math.max(0, Math.min(step, st.data ? length : 0));
    try {
      const data = await fetchStep(target);
      if (st.destroyed) return;
      st.data = data;
      st.step = target;
      draw();
      if (target < data.length) fetchStep(target + 1).catch(() => {});
    } catch (e) {
      header.replaceChildren(h('strong', { id: 'replay-error' }, e.status === 409 ? t('replay.not_over') : e.message));
      if (e.status !== 409) toast(e.message);
    }
  }

  function draw() {
    const d = st.data;
    if (!d) return;
    const outcome = d.to_act?.type === 'over' ? d.to_act.outcome : null;
    header.replaceChildren(
      h('strong', { class: 'banner-main' }, t('replay.title')),
      h('span', { class: 'banner-detail' }, st.summary ? outcomeText(st.summary.to_act?.outcome) : ''),
      h('a', { class: 'button secondary small', href: `/tables/${id}`, 'data-nav': true }, t('replay.back_to_table')),
    );
    const button = (label, key, target, disabled) =>
      h('button', { class: 'secondary', type: 'button', id: `replay-${key}`, disabled, 'aria-label': label, title: label, onclick: () => go(target) }, t(`replay.glyph_${key}`));
    controls.replaceChildren(
      h('h2', {}, t('replay.steps')),
      h(
        'div',
        { class: 'replay-buttons' },
        button(t('replay.first'), 'first', 0, st.step === 0),
        button(t('replay.back'), 'back', st.step - 1, st.step === 0),
        h('span', { class: 'replay-counter', id: 'replay-counter' }, t('replay.counter', { step: st.step, length: d.length })),
        button(t('replay.forward'), 'forward', st.step + 1, st.step >= d.length),
        button(t('replay.last'), 'last', d.length, st.step >= d.length),
      ),
      h('input', {
        type: 'range',
        class: 'replay-slider',
        id: 'replay-slider',
        min: 0,
        max: d.length,
        value: st.step,
        'aria-label': t('replay.slider'),
        oninput: (e) => go(Number(e.target.value)),
      }),
      h('p', { class: 'muted small' }, t('replay.keys')),
    );
    const lang = getLang();
    stepInfo.replaceChildren();
    stepInfo.append(
      h('h2', {}, st.step === 0 ? t('replay.setup') : t('replay.step_by', { step: st.step, name: seatName(st.summary?.seats, d.seat) })),
      st.step > 0 && st.board ? h('p', { class: 'replay-action', id: 'replay-action' }, safeLabel(d.action)) : '',
      h('ul', { class: 'log-lines', id: 'replay-events' }, d.events.map((ev) => h('li', { class: 'log-line' }, ev[lang] || ev.en))),
      d.events.length ? '' : h('p', { class: 'muted small' }, t('replay.no_events')),
      outcome ? h('p', { class: `verdict verdict-${outcome.verdict}`, id: 'replay-outcome' }, outcomeText(outcome)) : '',
    );
    const width = boardWidth(boardEl);
    boardEl.replaceChildren();
    if (st.board) {
      try {
        st.board.render(boardEl, d.view, { seat: null, legal: [], t, lang, act: () => {}, hint: null, fast: true, seats: st.summary?.seats ?? [], width });
      } catch (e) {
        console.error(e);
        boardEl.append(h('p', { class: 'error' }, t('table.board_failed', { message: e.message })));
      }
    }
  }

  function safeLabel(action) {
    try {
      return st.board.label(action, t) || action.type;
    } catch {
      return action?.type ?? '';
    }
  }

  function onKey(e) {
    if (e.target.closest('input, select, textarea') && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight') go(st.step + 1);
    else if (e.key === 'ArrowLeft') go(st.step - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End' && st.data) go(st.data.length);
    else return;
    e.preventDefault();
  }
  document.addEventListener('keydown', onKey);

  (async () => {
    try {
      st.summary = await api('GET', `/api/tables/${id}`);
      st.board = await boardFor(st.summary.game);
    } catch (e) {
      header.replaceChildren(h('strong', {}, e.status === 404 ? t('table.not_found') : e.message));
      return;
    }
    go(0);
  })();

  return {
    rerender: draw,
    relayout: draw,
    destroy: () => {
      st.destroyed = true;
      document.removeEventListener('keydown', onKey);
    },
  };
}
