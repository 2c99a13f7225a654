// The one connection both pages hold to the server: a WebSocket on /ws of this host, one
// protocol line per message (json). It reconnects only when the page asks (`retry`), backing
// off from 0.5 s to 5 s with some jitter, so thirty tablets that lost the Wi-Fi together do not
// come back in the same millisecond; `later` is the page's own retry (a rate-limited /rejoin
// or /claim), cancelled by a new connection as the socket's is. `document.body.dataset.conn`
// follows the state for the page's styles and the tests: idle, connecting, open, reconnecting,
// closed. Every connection, and every switch of language, tells the server the page's language
// (`/lang CODE`), so the server's `message`s come in it; /lang goes before the page answers
// `welcome`, so a /rejoin's reply is in it too.
import { language, onLanguage } from './i18n.js';

export function serverLine(handlers) {
  const line = { ws: null, conn: 'idle', retries: 0, timer: null };

  line.setConn = (conn) => {
    line.conn = conn;
    document.body.dataset.conn = conn;
  };

  line.connect = () => {
    clearTimeout(line.timer);
    let ws;
    try {
      ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    } catch (e) { closed(null, { code: 1006, reason: '' }); return; }
    line.ws = ws;
    line.setConn(line.conn === 'reconnecting' ? 'reconnecting' : 'connecting');
    ws.onmessage = (e) => {
      if (ws !== line.ws) return;
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg && msg.type === 'welcome') ws.send('/lang ' + language());
      if (msg && typeof msg.type === 'string') handlers.message(msg);
    };
    ws.onclose = (e) => closed(ws, e);
  };

  line.isOpen = () => line.ws !== null && line.ws.readyState === WebSocket.OPEN;

  line.send = (text) => {
    if (!line.isOpen()) return false;
    line.ws.send(text);
    return true;
  };

  line.retry = () => {
    line.setConn('reconnecting');
    const delay = Math.min(5000, 500 * 2 ** line.retries) * (0.75 + Math.random() / 2);
    line.retries += 1;
    line.later(line.connect, delay);
  };

  line.later = (fn, ms) => {
    clearTimeout(line.timer);
    line.timer = setTimeout(fn, ms);
  };

  // The page is done with the server (a kick, the end): no reconnecting.
  line.close = () => {
    line.setConn('closed');
    if (line.ws) { const ws = line.ws; line.ws = null; ws.close(1000); }
  };

  function closed(ws, e) {
    if (ws && ws !== line.ws) return;
    line.ws = null;
    handlers.closed(e);
  }

  onLanguage((code) => line.send('/lang ' + code));

  window.addEventListener('online', () => {
    if (line.conn === 'reconnecting' && !line.ws) { line.retries = 0; line.connect(); }
  });
  return line;
}

// This module ran, so the page's whole module graph loaded: a later failure may reload the
// page again (index.html's chalklineReload).
try { sessionStorage.removeItem('chalkline.reloads'); } catch (e) { /* private mode */ }

// game_end comes right after the last round's round_end (or level_end): on both pages the last
// answer and its results stay up as long as every other round's (the room's gap, at least 3 s),
// then the podium. `hold` keeps the game_end; `before` shows it early when something new starts
// (a countdown, a question, a board, or the connection ending); `show` draws it.
const PODIUM_HOLD_MIN_MS = 3000;
const PODIUM_FIRST = new Set(['countdown', 'question', 'board', 'game_end', 'kicked', 'bye', 'shutdown']);

export function podiumHold(show) {
  const podium = { msg: null, timer: null };
  podium.hold = (msg, gapMs) => {
    podium.msg = msg;
    podium.timer = setTimeout(podium.release, Math.max(gapMs, PODIUM_HOLD_MIN_MS));
  };
  podium.release = () => {
    const msg = podium.msg;
    if (!msg) return;
    clearTimeout(podium.timer);
    podium.msg = null;
    show(msg);
  };
  podium.before = (type) => { if (podium.msg && PODIUM_FIRST.has(type)) podium.release(); };
  return podium;
}
