// The teacher's page (/host): a message or a click changes `state`, then `render` draws the page
// from it, so the same state draws the same screen after a reload or a reconnect.
import { $, protocolDispatch, setText } from './shared.js';
import { serverLine } from './line.js';
import { hostCommands } from './host-commands.js';
import { loadSeat, offeredSeat, saveSeat } from './host-seat.js';
import { createForm } from './host-create.js';
import { room } from './host-room.js';
import { desk } from './host-desk.js';
import { projector } from './host-projector.js';
import { report } from './host-report.js';
import { sets } from './host-sets.js';
import { classChoice } from './host-class.js';
import { startLanguage, onLanguage, languageSwitcher, say } from './i18n.js';
import { t } from './host-words.js';

const watchCode = (new URLSearchParams(location.search).get('watch') || '').replace(/\s+/g, '').toUpperCase();

const state = {
  view: 'loading', // loading, create, sets, lobby, play, results, final, report, gone
  ending: false, // no reconnecting
  role: watchCode ? 'watch' : 'none', // none, host, watch
  seat: loadSeat(), // {room, key (the host key), name, url, game, locked, lastGame}
  // The texts on show are `say`s (i18n.js): the page's own as [key, args, English], drawn again
  // in a new language; the server's sentences as they came.
  notice: null, gone: { title: '', text: '' },
  // The form (host-create.js); `moving`: its /create takes the old room's class along
  catalog: null, catalogs: 0, kind: null, formReset: 0, pending: null, creating: false,
  passwordAsked: false, createError: '', nameError: '', offered: null, moving: false, moveText: '',
  preset: {},        // option values the page chose for the form (a set to play, from the sets view)
  values: {}, moreOpen: false, // the teacher's: kind -> {option: value as its field shows it}; "more options" open
  // The room (host-room.js, host-desk.js)
  entered: false, room: watchCode || null, watching: watchCode || null, game: null, roomState: 'lobby',
  settings: {}, joinUrl: '', players: new Map(), count: 0, locked: false, chat: true, chatLines: [],
  teamCount: 0, teams: [], comebacks: [], comebackAnswered: null, lastGame: null,
  // The projector (host-projector.js), the report (host-report.js)
  round: null, board: null, progress: { answers: 0, players: 0 }, play: null,
  clock: { total: 0, end: 0, running: false, said: null }, final: null, report: null, reportError: '',
  // The question sets (host-sets.js): the list, the set open in the editor (`doc`), what is sent
  sets: { list: null, problems: [], doc: null, nextId: 1, busy: '', error: '', errorRow: null, status: '', passwordAsked: false },
};

// The sets' replies first: the sets view knows which of its own requests each one answers.
const line = serverLine({ message: (msg) => { if (!views.sets.reply(msg)) dispatch(msg); render(); }, closed: (e) => { closed(e); render(); } });
const commands = hostCommands(line.send);
const page = { state, commands, line, render, showCreate };
const views = { create: createForm(page), room: room(page), desk: desk(page), projector: projector(page), report: report(page), sets: sets(page),
                classes: classChoice(page) };
Object.assign(page, { claim: views.room.claim, chosenClass: views.classes.chosen, showWaiting: views.projector.showWaiting, stopClock: views.projector.stopClock,
                      gameEnd: (msg) => views.projector.events.game_end(msg) });

const handlers = (part) => Object.assign({}, ...Object.values(views).map((v) => v[part] || {}));
const replies = { ok: Object.assign(handlers('ok'), { other() {} }),
                  error: Object.assign(handlers('error'), { other(msg) { state.notice = msg.message; } }) };
const events = Object.assign(handlers('events'), {
  welcome() {
    line.setConn('open');   // line.js has told the server the page's language, before anything else
    if (state.role === 'watch') { commands.watch(state.watching); return; }
    views.classes.reconnected();
    commands.catalog();
    views.sets.reconnected();
    // The old room's connection dropped while its next was being set: take the old room back.
    if (state.moving) { state.moving = false; state.pending = null; }
    if (state.seat) { page.claim(); return; }
    state.notice = null;
    if (state.view === 'loading') showCreate();
    if (state.pending) commands.name(state.pending.name);
  },
  kicked() { ended(['host.gone.kicked', {}, 'You were removed from the room'], ''); },
  bye(msg) { ended(['host.gone.bye', {}, 'Disconnected'], msg.message); },
  shutdown(msg) { state.seat = saveSeat(null); ended(STOPPED, msg.message); },
});

const dispatch = protocolDispatch({
  replies, events,
  unasked(msg) { state.notice = msg.message; },       // storage_failed, for the host
  before(msg) {
    // On the form for the next room, the old room's events would take the screen: they wait.
    if (state.moving && !['welcome', 'kicked', 'bye', 'shutdown'].includes(msg.type)) return false;
    views.projector.finalHold.before(msg.type);
    return true;
  },
});

const STOPPED = ['host.gone.shutdown', {}, 'The server has stopped'];

function closed(e) {
  if (state.ending) { line.setConn('closed'); return; }
  if (e.code === 1001) { ended(STOPPED, ['host.gone.over', {}, 'The game is over.']); return; }
  line.retry();
  state.notice = ['host.notice.reconnecting', {}, 'Connection lost. Reconnecting…'];
}

function showCreate() {
  Object.assign(state, { view: 'create', creating: false, offered: offeredSeat(), values: {}, moreOpen: false });
  state.formReset += 1;
  if (!state.catalog && line.isOpen()) commands.catalog();
}

function ended(title, text) {
  state.ending = true;
  views.projector.stopClock();
  state.notice = null;
  line.close();
  state.gone = { title, text: text || '' };
  state.view = 'gone';
}

function render() {
  const body = document.body;
  if (body.dataset.view !== state.view) {
    // A new view starts at the top; a round's results stay where its question was.
    if (state.view !== 'results') window.scrollTo(0, 0);
    body.dataset.view = state.view;
  }
  const section = state.view === 'results' ? 'play' : state.view;
  for (const s of document.querySelectorAll('.view')) { const hidden = s.id !== 'view-' + section; if (s.hidden !== hidden) s.hidden = hidden; }
  if (body.dataset.role !== state.role) body.dataset.role = state.role;
  if (body.dataset.room !== state.roomState) body.dataset.room = state.roomState;
  if (state.catalogs && body.dataset.catalogs !== String(state.catalogs)) body.dataset.catalogs = state.catalogs;
  const title = state.entered ? t('host.title.room', { room: state.room }, 'Chalkline: room {room}') : t('host.title', {}, 'Chalkline: host a game');
  if (document.title !== title) document.title = title;
  for (const view of Object.values(views)) view.draw();
  setText('gone-title', say(state.gone.title));
  setText('gone-text', say(state.gone.text));
}

$('gone-again').addEventListener('click', () => { location.href = '/host'; });

// The start: a watcher, a reload that holds a room, or a new teacher.
// The language first (the browser's, or the one chosen here), so the first screen speaks it;
// but not longer than 3 s (`startLanguage`): a catalog that comes later turns the page to its
// language then (`onLanguage`; line.js tells the server).
startLanguage().then(() => {
  if (state.seat && state.role !== 'watch') state.notice = ['host.notice.taking_back', { room: state.seat.room }, 'Taking back room {room}…'];
  languageSwitcher($('lang'));
  onLanguage(render);      // line.js tells the server
  render();
  line.connect();
});
