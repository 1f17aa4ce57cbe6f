// The router: `/` the lobby, `/tables/{id}` a table (invitation links add `#seat=N&token=...`),
// `/tables/{id}/replay` the replay of a finished game. The header's language switch and
// "fast" setting redraw the current page at once; a new window width redraws its board.

import * as i18n from './i18n.js';
import { t } from './i18n.js';
import { h, toast } from './dom.js';
import * as lobby from './lobby.js';
import * as table from './table.js';
import * as replay from './replay.js';

const FAST_KEY = 'lockpick.fast';

/** Settings shared by the pages. */
export const settings = {
  get fast() {
    return new URLSearchParams(location.search).get('fast') === '1' || localStorage.getItem(FAST_KEY) === '1';
  },
  set fast(on) {
    localStorage.setItem(FAST_KEY, on ? '1' : '0');
  },
};

let current = null;

function route(path) {
  let m = path.match(/^\/tables\/([A-Za-z0-9_-]+)\/replay\/?$/);
  if (m) return { page: replay, params: { id: m[1] } };
  m = path.match(/^\/tables\/([A-Za-z0-9_-]+)\/?$/);
  if (m) return { page: table, params: { id: m[1] } };
  return { page: lobby, params: {} };
}

/** Shows `path` (pushing it to the history unless `replace`). */
export function navigate(path, { replace = false } = {}) {
  const keep = new URLSearchParams(location.search).get('fast') === '1' ? '?fast=1' : '';
  const url = path.includes('?') || !keep ? path : path.replace(/(#|$)/, `${keep}$1`);
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  show();
}

function show() {
  current?.destroy?.();
  const el = document.getElementById('app');
  el.replaceChildren();
  const { page, params } = route(location.pathname);
  current = page.mount(el, params, { navigate, settings });
  drawHeader();
}

function drawHeader() {
  const nav = document.getElementById('topnav');
  nav.replaceChildren(h('a', { href: '/', 'data-nav': true, class: 'topnav-link' }, t('nav.lobby')));
  const tools = document.getElementById('topbar-tools');
  const select = h(
    'select',
    { id: 'lang', 'aria-label': t('header.language'), onchange: (e) => switchLang(e.target.value) },
    i18n.LANGS.map((l) => h('option', { value: l, selected: l === i18n.getLang() }, t(`lang.${l}`))),
  );
  const fast = h('input', {
    type: 'checkbox',
    id: 'fast',
    checked: settings.fast,
    onchange: (e) => {
      settings.fast = e.target.checked;
    },
  });
  tools.replaceChildren(
    h('label', { class: 'fast-toggle', title: t('header.fast_help') }, fast, ' ', t('header.fast')),
    h('label', { class: 'lang-switch' }, h('span', { class: 'sr-only' }, t('header.language')), select),
  );
  document.title = t('app.title');
}

async function switchLang(l) {
  try {
    await i18n.setLang(l);
  } catch (e) {
    toast(e.message);
  }
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-nav]');
  if (!a || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', show);

// A board lays itself out for the width it is given (on a phone the floors stack): once a change
// of width settles, the page redraws its board. A change of height alone (a phone's address bar)
// redraws nothing.
let laidOutWidth = window.innerWidth;
let resizing = null;
window.addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    if (window.innerWidth === laidOutWidth) return;
    laidOutWidth = window.innerWidth;
    current?.relayout?.();
  }, 150);
});

i18n.onLangChange(() => {
  drawHeader();
  current?.rerender?.();
});

(async () => {
  try {
    await i18n.init();
  } catch (e) {
    document.getElementById('app').textContent = e.message;
    return;
  }
  show();
})();
