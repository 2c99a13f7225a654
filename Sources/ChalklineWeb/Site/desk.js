// The teacher's desk (/desk), drawn from `state`; only the secret's form until the server takes
// `/teacher SECRET`. A connection answers in order: each `/report` reply goes to the tab that asked.
import { $, protocolDispatch, setText, setHidden, setData } from './shared.js';
import { t, loadLanguage, onLanguage, language, languageSwitcher } from './i18n.js';
import { serverLine } from './line.js';
import { classes } from './desk-classes.js';
import { homework } from './desk-homework.js';
import { games } from './desk-games.js';
import { progress } from './desk-progress.js';

const TABS = ['classes', 'homework', 'games', 'progress'];
// The secret, for this tab's session (the host page's Class choice reads it too).
const kept = {
  load() { try { return sessionStorage.getItem('chalkline.teacher'); } catch (e) { return null; } },
  save(secret) {
    try { if (secret) sessionStorage.setItem('chalkline.teacher', secret); else sessionStorage.removeItem('chalkline.teacher'); } catch (e) { /* blocked */ }
  },
};
const tabFromHash = () => (TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'classes');

const state = {
  secret: kept.load(),
  teacher: false,
  checking: false,       // /teacher sent, no reply yet
  secretError: '',
  tab: tabFromHash(),
  notice: null,
  catalog: null,         // /catalog's kinds, every tab's to read
  classList: null,       // [{name, students, codes}], every tab's to read
  stopped: false,        // `shutdown`: its notice stays through the reconnects
};

const line = serverLine({ message: (msg) => { received(msg); render(); }, closed: () => { closed(); render(); } });
const asked = [];        // the tab each /report sent is for, oldest first
const page = {
  state, line, render,
  send: (text) => line.send(text),
  report(tab, text, tag) { if (line.send(text)) asked.push({ tab, tag }); },
};
const views = { classes: classes(page), homework: homework(page), games: games(page), progress: progress(page) };

const handlers = (part) => Object.assign({}, ...Object.values(views).map((v) => v[part] || {}));
const replies = {
  ok: Object.assign(handlers('ok'), {
    teacher() {
      Object.assign(state, { teacher: true, checking: false, secretError: '' });
      clearTimeout(retrySecret);
      kept.save(state.secret);
      for (const view of Object.values(views)) if (view.opened) view.opened();
    },
    catalog(msg) { state.catalog = msg.kinds; },
    other() {},
  }),
  error: Object.assign(handlers('error'), {
    // Only `bad_password` says the secret is wrong; `rate_limited` keeps it and tries again.
    teacher(msg) {
      Object.assign(state, { teacher: false, checking: false });
      clearTimeout(retrySecret);
      if (msg.code !== 'bad_password') {
        state.secretError = msg.message + (msg.retry_ms ? ' ' + t('desk.secret.retry', {}, 'The desk tries again by itself then.') : '');
        if (msg.retry_ms) retrySecret = setTimeout(() => { sendSecret(); render(); }, msg.retry_ms);
        return;
      }
      Object.assign(state, { secret: null, secretError: msg.message });
      kept.save(null);
      requestAnimationFrame(() => $('secret-input').focus());
    },
    other(msg) { state.notice = msg.message; },
  }),
};
const events = Object.assign(handlers('events'), {
  welcome() {
    line.setConn('open');
    line.retries = 0;
    Object.assign(state, { notice: null, stopped: false });
    asked.length = 0;
    page.send('/lang ' + language());
    page.send('/catalog');
    sendSecret();
  },
  shutdown(msg) { Object.assign(state, { stopped: true, notice: t('desk.stopped', { why: msg.message }, 'The server has stopped: {why}') }); },
});
const dispatch = protocolDispatch({ replies, events, unasked(msg) { state.notice = msg.message; } });

function received(msg) {
  if (msg.cmd === 'report' && (msg.type === 'ok' || msg.type === 'error')) {
    const mine = asked.shift();
    if (mine) views[mine.tab].report(msg, mine.tag);
    return;
  }
  dispatch(msg);
}

let retrySecret = null;   // the timer of a `/teacher` to send again after `rate_limited`
function sendSecret() {
  if (!state.secret || state.checking || !line.isOpen()) return;
  state.checking = page.send('/teacher ' + state.secret);
}

function closed() {
  Object.assign(state, { checking: false });
  asked.length = 0;
  if (!state.stopped) state.notice = t('desk.lost', {}, 'Connection lost. Reconnecting…');
  line.retry();
}

function render() {
  const body = document.body;
  setData(body, 'teacher', state.teacher ? 'yes' : 'no');
  setData(body, 'tab', state.tab);
  setHidden('notice', state.notice === null);
  if (state.notice !== null) setText('notice', state.notice);
  setHidden('secret', state.teacher || state.checking);
  setHidden('opening', !state.checking);
  setText('secret-error', state.secretError);
  $('secret-input').setAttribute('aria-invalid', String(!!state.secretError));
  setHidden('desk', !state.teacher);
  for (const tab of TABS) {
    const on = tab === state.tab;
    const button = $('tab-btn-' + tab);
    if (button.getAttribute('aria-selected') !== String(on)) button.setAttribute('aria-selected', String(on));
    button.tabIndex = on ? 0 : -1;
    setHidden('tab-' + tab, !on);
  }
  for (const view of Object.values(views)) view.draw();
}

function showTab(tab, focus) {
  state.tab = tab;
  if (location.hash.slice(1) !== tab) history.replaceState(null, '', '#' + tab);
  render();
  if (focus) $('tab-btn-' + tab).focus();
}

$('secret-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const secret = $('secret-input').value.trim();
  if (!secret) { state.secretError = t('desk.secret.empty', {}, 'Type the secret the server printed.'); render(); return; }
  Object.assign(state, { secret, secretError: '' });
  $('secret-input').value = '';
  if (line.isOpen()) sendSecret(); else if (!line.ws) line.connect();
  render();
});

const tabList = document.querySelector('[role=tablist]');
tabList.addEventListener('click', (e) => { const b = e.target.closest('[data-tab]'); if (b) showTab(b.dataset.tab); });
tabList.addEventListener('keydown', (e) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (!step) return;
  e.preventDefault();
  showTab(TABS[(TABS.indexOf(state.tab) + step + TABS.length) % TABS.length], true);
});
window.addEventListener('hashchange', () => showTab(tabFromHash()));

// A language chosen: the page draws again, the server speaks it from now on.
languageSwitcher($('lang'));
onLanguage((code) => {
  if (page.send('/lang ' + code)) page.send('/catalog');
  render();
});

render();
line.connect();
loadLanguage();
