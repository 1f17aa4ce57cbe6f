// The server's documented protocol (crates/server/README.md): REST calls and the table socket.

import { pick, t } from './i18n.js';

/**
 * A REST call; throws an Error carrying the server's `message` when refused, in French when
 * the server said it in French too (`fr`) and the table speaks French.
 */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new Error(t('common.unreachable', { reason: e.message }));
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const said = data?.message && pick({ en: data.message, fr: data.fr || data.message });
    const error = new Error(said || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.code = data?.error;
    throw error;
  }
  return data;
}

/**
 * The table socket of one seat (with `token`) or of a spectator. It reconnects by itself,
 * asking for the log from the length it had (`since`), and calls `handlers[message.type]`
 * for every server message, plus `handlers.status('open' | 'closed')`.
 */
export class TableSocket {
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.length = 0;
    this.nextId = 1;
    this.retry = 0;
    this.closed = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const params = new URLSearchParams({ since: String(this.length) });
    if (this.token) params.set('token', this.token);
    const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${this.tableId}/ws?${params}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.handlers.status?.('open');
    };
    ws.onmessage = (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      if (message.type === 'update') this.length = message.length;
      this.handlers[message.type]?.(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.handlers.status?.('closed');
      if (this.closed) return;
      const delay = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Sends a client message (`{type: 'act', action}`...); returns its id. */
  send(message) {
    const id = String(this.nextId++);
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ ...message, id }));
      return id;
    }
    this.handlers.error?.({ type: 'error', id, code: 'offline', message: t('table.offline_send') });
    return null;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}

const seatKey = (tableId) => `lockpick.seat.${tableId}`;

/** The seat and token this browser holds at a table, or null. */
export function savedSeat(tableId) {
  try {
    const saved = JSON.parse(localStorage.getItem(seatKey(tableId)));
    if (saved && Number.isInteger(saved.seat) && typeof saved.token === 'string') return saved;
  } catch {
    /* nothing usable */
  }
  return null;
}

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(seatKey(tableId), JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(seatKey(tableId));
}

/** Takes an open seat; remembers and returns `{seat, token, invite}`. */
export async function takeSeat(tableId, seat, name) {
  const body = name ? { name } : {};
  const taken = await api('POST', `/api/tables/${tableId}/seats/${seat}`, body);
  saveSeat(tableId, seat, taken.token);
  return { seat, token: taken.token, invite: taken.invite };
}

/** The name the player gave last time. */
export function playerName() {
  return localStorage.getItem('lockpick.name') || '';
}

export function setPlayerName(name) {
  localStorage.setItem('lockpick.name', name);
}

/** Loads a game's board module (`games/<game>.js`), or the generic one. */
const boards = new Map();
export async function boardFor(game) {
  if (!boards.has(game)) {
    boards.set(
      game,
      import(`./games/${game}.js`).then((m) => m.default).catch(() => import('./games/generic.js').then((m) => m.default)),
    );
  }
  return boards.get(game);
}
