// The board of a game without its own module: the view printed as a readable list, and action
// labels made from the action's JSON. With it any game of the server is playable in the browser
// (see games/burgle.js for the contract a board module follows).

import { h } from '../dom.js';

const words = (key) => String(key).replaceAll('_', ' ');

function brief(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(brief).join(', ');
  return Object.entries(value)
    .map(([k, v]) => `${words(k)}: ${brief(v)}`)
    .join('; ');
}

function tree(value, depth = 0) {
  if (value === null || typeof value !== 'object') return h('span', { class: 'generic-value' }, brief(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [`${i + 1}`, v]) : Object.entries(value);
  if (!entries.length) return h('span', { class: 'generic-value muted' }, '—');
  const simple = entries.every(([, v]) => v === null || typeof v !== 'object');
  if (simple && depth > 0) return h('span', { class: 'generic-value' }, brief(value));
  return h(
    'dl',
    { class: `generic-tree depth-${Math.min(depth, 3)}` },
    entries.flatMap(([k, v]) => [h('dt', {}, words(k)), h('dd', {}, tree(v, depth + 1))]),
  );
}

export default {
  render(el, view, ctx) {
    el.append(h('div', { class: 'generic-board' }, h('p', { class: 'muted' }, ctx.t('generic.note')), tree(view)));
  },
  label(action) {
    const { type, ...rest } = action;
    const params = Object.keys(rest).length ? ` · ${brief(rest)}` : '';
    return `${words(type)}${params}`;
  },
};
