// Small helpers to build HTML and SVG without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.setAttribute('class', v);
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of [children].flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** An HTML element: h('button', {class: 'x', onclick}, 'text'). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Shows an error to the player for a few seconds (the server's message text as is). */
export function toast(message, kind = 'error') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 3000);
}

/** Copies text to the clipboard (with a fallback for pages not served over https). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', { style: 'position:fixed;opacity:0' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The width in CSS pixels a board has to lay itself out in, read while the board still stands:
 * read once it is emptied, the page would be laid out shorter for a moment and lose the reader's
 * scroll position. On one column the board's own box may give way to its parts (`display:
 * contents`, see style.css); the column's width stands for it then.
 */
export function boardWidth(boardEl) {
  return boardEl.clientWidth || boardEl.closest('.table-layout')?.clientWidth || window.innerWidth;
}
