// Chalkline's teacher page (/host): a client of protocol.md over one WebSocket at /ws.
// It creates a room from /catalog's kinds and options, shows the code, the join URL and the
// QR code, runs the game (/start, /skip, /stop, /lock, /set chat=), projects it, and shows
// /report with a CSV download. The host key stays in sessionStorage: a reload or a laptop
// that slept takes the room back with /claim by itself. /host?watch=CODE watches a room.
import { serverLine, podiumHold } from './line.js';

(() => {
const $ = (id) => document.getElementById(id);
const numbers = new Intl.NumberFormat();
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' });
const suffixes = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const HOST_KEY = 'chalkline.host';      // sessionStorage (this tab) and localStorage (offered back)
const fmt = (n) => numbers.format(n);
const ordinal = (n) => n + (suffixes[ordinals.select(n)] || 'th');
const params = new URLSearchParams(location.search);
const watchCode = (params.get('watch') || '').replace(/\s+/g, '').toUpperCase();

const state = {
  ending: false,
  role: watchCode ? 'watch' : 'none',   // none, host, watch
  seat: loadSeat(),                     // {room, key, name, url, game}
  catalog: null,                        // /catalog's kinds
  pending: null,                        // {name, line} while /name and /create are under way
  moving: false,                        // "New room" with a class in the room: its /create takes them along
  room: watchCode || null,
  game: null, roomState: 'lobby', settings: {},
  players: new Map(),                   // name -> {connected, playing}
  count: 0,                             // players, as the server counts them
  locked: false, chat: true,
  round: null,                          // {id, round, rounds, text}
  board: null,
  progress: { answers: 0, players: 0 },
  timer: null, end: 0, total: 0,
  report: null,
  teamCount: 0,                         // the room's teams= (0: none, or not known: a watcher)
  teams: [],                            // [{name, members}] from /teams and the teams event
  podium: null,                         // {msg, timer}: a game_end held while the last results show
};

function loadSeat() {
  try { return JSON.parse(sessionStorage.getItem(HOST_KEY)) || null; } catch (e) { return null; }
}
function saveSeat(seat) {
  state.seat = seat;
  try {
    if (seat) {
      sessionStorage.setItem(HOST_KEY, JSON.stringify(seat));
      localStorage.setItem(HOST_KEY, JSON.stringify(seat));
    } else {
      sessionStorage.removeItem(HOST_KEY);
      localStorage.removeItem(HOST_KEY);
    }
  } catch (e) { /* private mode: the key lives as long as the page */ }
}

// ---------------------------------------------------------------------------------------------
// The connection

const line = serverLine({ message: dispatch, closed });
const send = line.send;

function closed(e) {
  if (state.ending) { line.setConn('closed'); return; }
  if (e.code === 1001) { ended('The server has stopped', 'The game is over.'); return; }
  // Wi-Fi dropped or the laptop slept: come back, and take the room back with its key.
  line.retry();
  notice('Connection lost. Reconnecting…');
}

function dispatch(msg) {
  if (msg.type === 'ok' || msg.type === 'error') {
    if (msg.cmd === null) { notice(msg.message); return; }     // storage_failed, for the host
    const table = msg.type === 'ok' ? replies.ok : replies.error;
    (table[msg.cmd] || table.other)(msg);
    return;
  }
  // On the form for the next room, the old room's events would take the screen: they wait.
  if (state.moving && !['welcome', 'kicked', 'bye', 'shutdown'].includes(msg.type)) return;
  finalHold.before(msg.type);
  const handler = events[msg.type];
  if (handler) handler(msg);
}

// ---------------------------------------------------------------------------------------------
// Replies

const replies = {
  ok: {
    // Asked again on every connection: a form half filled in when the Wi-Fi blinked is kept.
    catalog(msg) {
      const same = state.catalog && JSON.stringify(state.catalog) === JSON.stringify(msg.kinds);
      state.catalog = msg.kinds;
      if (!same) buildForm();
      // How many catalogs have come: something a test can wait on.
      document.body.dataset.catalogs = Number(document.body.dataset.catalogs || 0) + 1;
    },
    name() { if (state.pending) send(state.pending.line); },
    create(msg) {
      // A new room: the old room's requests died with it (their students were told).
      clearComebacks();
      const p = state.pending;
      state.pending = null;
      state.moving = false;
      saveSeat({ room: msg.room, key: msg.host_key, name: p ? p.name : '', url: msg.join_url || '', game: msg.game });
      enterRoom(msg.room, msg.game, 'lobby', msg.settings, []);
    },
    claim(msg) {
      line.retries = 0;
      hideNotice();
      // The requests still waiting come again right after this reply; rows from before the
      // page lost the server may have lapsed meanwhile.
      clearComebacks();
      if (state.seat) state.seat.game = msg.game;
      enterRoom(msg.room, msg.game, msg.state, msg.settings, msg.players);
    },
    watch(msg) {
      line.retries = 0;
      hideNotice();
      state.joinUrl = msg.join_url || '';
      enterRoom(msg.room, msg.game, msg.state, {}, msg.players);
      if (msg.state === 'running') { showWaiting('The game is on: the next question shows here.'); }
      // A room whose game is over: its podium, as the main screen shows it, not an empty lobby.
      else if (msg.last_game) events.game_end({ type: 'game_end', standings: msg.standings, game: msg.last_game, teams: msg.teams });
    },
    start() {},
    lock(msg) { setLocked(msg.locked); rememberLock(); },
    unlock(msg) { setLocked(msg.locked); rememberLock(); },
    set(msg) { setChat(msg.chat); },
    kick(msg) { removePlayer(msg.name); },
    ban(msg) { removePlayer(msg.name); },
    report(msg) { showReport(msg); },
    teams(msg) { setTeams(msg.teams); },
    letin(msg) {
      removeComeback(msg.number);
      announce(msg.allowed ? msg.name + ' is back, on their new device.' : msg.name + ' was not let back in.');
    },
    leave() {
      state.room = null;
      saveSeat(null);
      resetRoom();
      showCreate();
    },
    other() {},
  },
  error: {
    name(msg) { createFailed(msg.message, 'create-name'); },
    create(msg) {
      if (msg.code === 'bad_password') {
        const field = $('create-password-field');
        const asked = !field.hidden;
        field.hidden = false;
        createFailed(asked ? msg.message : 'This server needs a password to create a room.', 'create-password');
        return;
      }
      createFailed(msg.message);
    },
    // The student gave up, left or dropped before the teacher answered.
    letin(msg) {
      if (comebackAnswered) removeComeback(comebackAnswered);
      notice(msg.message);
    },
    claim(msg) {
      if (msg.code === 'rate_limited') { line.later(claim, msg.retry_ms || 1000); return; }
      const room = state.seat ? state.seat.room : '';
      saveSeat(null);
      resetRoom();
      showCreate();
      fieldError('create-error', 'Room ' + room + ' is gone: ' + msg.message);
    },
    watch(msg) {
      state.role = 'none';
      document.body.dataset.role = 'none';
      history.replaceState(null, '', location.pathname);
      showCreate();
      fieldError('create-error', msg.message);
    },
    teams(msg) {
      // A watcher asks every room for its teams: one without them says bad_args, quietly.
      if (msg.code === 'bad_args' && !state.teamCount) return;
      notice(msg.message);
    },
    report(msg) {
      show('report');
      clearReport();
      fieldError('report-error', msg.message);
    },
    other(msg) { notice(msg.message); },
  },
};

function createFailed(text, focus) {
  state.pending = null;
  $('create-button').disabled = false;
  fieldError(focus === 'create-name' ? 'create-name-error' : 'create-error', text);
  if (focus) $(focus).focus();
}

// ---------------------------------------------------------------------------------------------
// Events

const events = {
  // A student on another device asks for their seat back: the teacher decides (protocol.md,
  // Back on another device).
  // With waiting false the request went away unanswered: its row goes, so it cannot be answered
  // for whoever asks next under the name.
  comeback(msg) { if (msg.waiting === false) removeComeback(msg.number); else addComeback(msg); },

  // The teacher opened the next room from this one (protocol.md, `moved`): the second screen
  // follows by itself, so the projector shows the new code without anyone touching it. The
  // address changes too, so a reload (a laptop that slept) watches the new room.
  moved(msg) {
    if (state.role !== 'watch') return;
    if (state.podium) { clearTimeout(state.podium.timer); state.podium = null; }
    stopClock();
    state.room = msg.to;
    history.replaceState(null, '', location.pathname + '?watch=' + encodeURIComponent(msg.to));
    announce('The class moved to room ' + msg.to + '.');
    send('/watch ' + msg.to);
  },

  welcome() {
    line.setConn('open');
    if (state.role === 'watch') { send('/watch ' + state.room); return; }
    send('/catalog');
    // The connection that held the old room dropped while its next one was being set: the room
    // waits for its host, so take it back; the class moves with the next Create.
    if (state.moving) { state.moving = false; state.pending = null; }
    if (state.seat) claim();
    else {
      // Connected again: the "Reconnecting…" banner goes, and a Create pressed meanwhile goes on.
      hideNotice();
      if (document.body.dataset.view === 'loading') showCreate();
      if (state.pending) send('/name ' + state.pending.name);
    }
  },
  joined(msg) {
    const p = state.players.get(msg.name) || { playing: true };
    p.connected = true;
    state.players.set(msg.name, p);
    setCount(msg.players);
    renderRoster();
    announce(msg.name + ' joined.');
  },
  left(msg) {
    if (msg.reason === 'disconnected' && state.roomState === 'running') {
      const p = state.players.get(msg.name);
      if (p) p.connected = false;
    } else {
      state.players.delete(msg.name);
    }
    setCount(msg.players);
    renderRoster();
  },
  host(msg) { hideNotice(); announce(msg.name + ' is the host.'); },
  host_away() { if (state.role === 'watch') notice('The teacher left; waiting for them.'); },
  countdown(msg) {
    setRoomState('running');
    state.round = null;
    openRound('Get ready!', '', msg.seconds * 1000);
    $('play-question').textContent = 'Starting…';
  },
  question(msg) {
    setRoomState('running');
    const same = state.round && state.round.id === msg.id;
    state.round = { id: msg.id, round: msg.round, rounds: msg.rounds, text: msg.text };
    if (!same) state.progress = { answers: 0, players: state.count };
    const sentence = msg.text.endsWith('?');
    openRound('Question ' + msg.round + ' of ' + msg.rounds, sentence ? msg.text : msg.text + ' = ?', msg.time_ms);
    const q = $('play-question');
    q.classList.toggle('sentence', sentence);
    q.dataset.id = msg.id;
    showProgress();
    announce('Question ' + msg.round + ' of ' + msg.rounds + '.');
  },
  board(msg) {
    setRoomState('running');
    const same = state.board && state.board.level === msg.level && state.board.round === msg.round;
    state.board = { level: msg.level, round: msg.round, clues: msg.clues.map((c) => Object.assign({}, c)), groups: msg.groups.slice() };
    if (!same) state.progress = { answers: 0, players: state.count };
    openRound('Level ' + msg.round + ' of ' + msg.levels, '', msg.time_ms);
    $('play-question').hidden = true;
    renderClues();
    renderGroups();
    showProgress();
  },
  solved(msg) {
    const b = state.board;
    if (!b) return;
    const clue = b.clues.find((c) => c.n === msg.n);
    if (clue) { clue.word = msg.word; clue.solved_by = msg.name; clue.points = msg.points; }
    for (const g of msg.groups || []) { const i = b.groups.indexOf(g); if (i >= 0) b.groups.splice(i, 1); }
    renderClues();
    renderGroups();
    showProgress();
  },
  teams(msg) { setTeams(msg.teams); },
  progress(msg) {
    state.progress = { answers: msg.answers, players: msg.players };
    showProgress();
  },
  round_end(msg) {
    const results = msg.results || [];
    const ended = !closedEarly() ? 'Time!'
      : results.length && results.every((r) => r.ms !== null) ? 'Everyone has answered' : 'Question closed';
    stopClock(ended);
    const q = state.round;
    const reveal = $('play-reveal');
    if (q && q.text.endsWith('?')) {
      // A sentence (money, pace) is not on screen in the results: it comes back with its answer.
      reveal.textContent = '';
      reveal.append(el('span', 'reveal-question', q.text), ' ', el('span', 'reveal-answer', 'Answer: ' + msg.answer_text));
    } else {
      reveal.textContent = 'Answer: ' + (q ? q.text + ' = ' : '') + msg.answer_text;
    }
    reveal.dataset.answer = msg.answer_text;
    const right = results.filter((r) => r.correct).map((r) => r.name);
    const wrong = results.filter((r) => !r.correct && r.ms !== null).map((r) => r.name);
    const none = results.filter((r) => r.ms === null).map((r) => r.name);
    whoLine('who-right', 'Right', right);
    whoLine('who-wrong', 'Wrong', wrong);
    whoLine('who-none', 'No answer', none);
    $('who').hidden = false;
    fillStandings($('play-standings'), msg.standings, 10);
    fillTeams('play-teams', msg.teams);
    $('play-results').hidden = false;
    document.body.dataset.view = 'results';
    updateControls();
    announce(ended + (ended.endsWith('!') ? ' ' : '. ') + 'The answer was ' + msg.answer_text + '. ' + right.length + ' right.');
  },
  level_end(msg) {
    stopClock(!closedEarly() ? 'Time!' : msg.clues.every((c) => c.solved_by) ? 'All words found' : 'Level closed');
    if (state.board) state.board.clues = msg.clues.map((c) => Object.assign({}, c));
    renderClues();
    $('play-groups').hidden = true;
    const solved = msg.clues.filter((c) => c.solved_by).length;
    $('play-reveal').textContent = 'Level over: ' + solved + ' of ' + msg.clues.length + ' words found.';
    $('who').hidden = true;
    fillStandings($('play-standings'), msg.standings, 10);
    fillTeams('play-teams', msg.teams);
    $('play-results').hidden = false;
    document.body.dataset.view = 'results';
    updateControls();
  },
  game_end(msg, held) {
    if (!held && holdPodium(msg)) return;
    stopClock();
    setRoomState('lobby');
    state.lastGame = msg.game;
    if (state.seat && state.role === 'host') { state.seat.lastGame = msg.game; saveSeat(state.seat); }
    const places = fillStandings($('final-standings'), msg.standings);
    fillTeams('final-teams', msg.teams, true);
    const podium = $('final-podium');
    podium.textContent = '';
    // The server's places 1 to 3, a shared place on one step (1, 1, 3: no second step).
    for (const place of [...new Set(places.map((r) => r.rank))].filter((rank) => rank <= 3)) {
      const rows = places.filter((r) => r.rank === place);
      const li = el('li', 'step step-' + place);
      li.append(el('span', 'step-place', ordinal(place)),
                el('span', 'step-name', stepNames(rows)),
                el('span', 'step-score', fmt(rows[0].score) + ' points'), el('span', 'step-block'));
      podium.append(li);
    }
    show('final');
    const first = places.filter((r) => r.rank === 1).map((r) => r.name);
    announce('Game over! ' + (first.some(Boolean) ? first.join(' and ') + ' won.' : ''));
  },
  kicked() { ended('You were removed from the room', ''); },
  bye(msg) { state.ending = true; ended('Disconnected', msg.message); },
  shutdown(msg) { state.ending = true; saveSeat(null); ended('The server has stopped', msg.message); },
  chat(msg) {
    const li = el('li');
    li.append(el('strong', msg.host ? 'host' : '', msg.name + ': '), document.createTextNode(msg.text));
    $('chat-log').append(li);
    while ($('chat-log').children.length > 30) $('chat-log').firstElementChild.remove();
    $('chat').hidden = false;
  },
};

// ---------------------------------------------------------------------------------------------
// The create form, from /catalog

function buildForm() {
  const box = $('create-kinds');
  for (const old of box.querySelectorAll('.kind')) old.remove();
  const kinds = state.catalog || [];
  kinds.forEach((kind, i) => {
    const label = el('label', 'kind');
    const radio = el('input');
    radio.type = 'radio';
    radio.name = 'kind';
    radio.value = kind.name;
    radio.id = 'kind-' + kind.name;
    radio.checked = i === 0;
    label.htmlFor = radio.id;
    label.append(radio, el('span', 'kind-name', kind.name), el('span', 'kind-summary', kind.summary));
    box.append(label);
  });
  renderOptions();
}

$('create-kinds').addEventListener('change', renderOptions);

function selectedKind() {
  const checked = document.querySelector('input[name="kind"]:checked');
  return (state.catalog || []).find((k) => checked && k.name === checked.value);
}

// A field per option: its type decides the control; its default fills it in. The teacher at
// the projector usually does not play, so play= starts at "no" whatever its default.
function renderOptions() {
  const usual = $('create-options');
  usual.textContent = '';
  const more = $('create-more');
  more.open = false;
  $('create-more-options').textContent = '';
  more.hidden = true;
  const kind = selectedKind();
  if (!kind) return;
  // The usual options first, the rest under a closed "More options" (the catalog's `more`).
  for (const o of kind.options.filter((x) => !x.more).concat(kind.options.filter((x) => x.more))) {
    const box = o.more ? $('create-more-options') : usual;
    if (o.more) more.hidden = false;
    const id = 'opt-' + o.name;
    const field = el('div', 'field option');
    field.dataset.option = o.name;
    field.dataset.type = o.type;
    const help = el('p', 'field-help', hintText(o));
    help.id = id + '-help';
    let control;
    const initial = o.name === 'play' && o.type === 'bool' ? false : o.default;
    if (o.type === 'choice' || o.type === 'bool') {
      control = el('select');
      const choices = o.type === 'bool' ? (/^on, off$/.test(o.values) ? ['on', 'off'] : ['yes', 'no']) : o.choices;
      for (const c of choices) control.append(option(c, c));
      control.value = o.type === 'bool' ? choices[initial ? 0 : 1] : String(initial === null ? choices[0] : initial);
    } else if (o.type === 'list') {
      control = el('fieldset', 'checks');
      control.append(el('legend', '', o.label || o.name));
      const on = String(o.default === null ? '' : o.default).split(',');
      for (const c of o.choices) {
        const l = el('label', 'check');
        const box = el('input');
        box.type = 'checkbox';
        box.value = c;
        box.checked = on.includes(c);
        l.append(box, document.createTextNode(' ' + c));
        control.append(l);
      }
      control.setAttribute('aria-describedby', help.id);
      field.append(control, help);
      box.append(field);
      continue;
    } else {
      control = el('input');
      if (o.type === 'int' || o.type === 'number') {
        control.type = 'number';
        control.step = o.type === 'int' ? '1' : 'any';
        if (o.min !== undefined && o.min !== null) control.min = o.min;
        if (o.max !== undefined && o.max !== null) control.max = o.max;
        control.inputMode = o.type === 'int' ? 'numeric' : 'decimal';
      }
      control.value = initial === null ? '' : String(initial);
      if (initial === null && o.default_text) control.placeholder = o.default_text;
      control.spellcheck = false;
      control.autocomplete = 'off';
    }
    control.id = id;
    control.setAttribute('aria-describedby', help.id);
    const label = el('label', '', o.label || o.name);
    label.htmlFor = id;
    field.append(label, control, help);
    box.append(field);
  }
}

// The catalog's line for people (`hint`), else its protocol help. play= is preset to no on this
// page, so its default is said as the page sets it.
function hintText(o) {
  const preset = o.name === 'play' && o.type === 'bool' && o.default === true;
  if (o.hint) return o.hint + (preset ? (/[.!?]$/.test(o.hint) ? ' ' : '. ') + 'Preset to no here: you run the projector.' : '');
  return o.help + (o.values ? ' (' + o.values + ')' : '')
    + (preset ? '; no on this page (you run the projector)' : (o.default_text ? '; default ' + o.default_text : ''));
}

function option(value, text) { const o = el('option', '', text); o.value = value; return o; }

// The option's value as the page would send it, or null to leave the server's default.
function optionValue(o, field) {
  if (o.type === 'list') {
    const on = [...field.querySelectorAll('input:checked')].map((b) => b.value).join(',');
    return on === String(o.default === null ? '' : o.default) ? null : on || null;
  }
  const control = field.querySelector('input, select');
  const v = control.value.trim();
  if (o.type === 'bool') return (v === 'yes' || v === 'on') === (o.default === true) ? null : v;
  if (v === '') return null;
  if (o.type === 'number' && o.default !== null && Number(v) === Number(o.default)) return null;
  return v === String(o.default) ? null : v.replace(/\s+/g, '');
}

$('create-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const kind = selectedKind();
  fieldError('create-error', '');
  fieldError('create-name-error', '');
  if (!kind) { fieldError('create-error', 'The list of games has not arrived yet.'); return; }
  const name = $('create-name').value.trim();
  if (!name) { createFailed('Type your name.', 'create-name'); return; }
  let request = '/create ' + kind.name;
  for (const o of kind.options) {
    const field = document.querySelector('#view-create [data-option="' + o.name + '"]');
    const v = field && optionValue(o, field);
    if (v !== null && v !== undefined) request += ' ' + o.name + '=' + v;
  }
  const password = $('create-password').value;
  if (!$('create-password-field').hidden && password) request += ' password=' + password.replace(/\s+/g, '');
  state.pending = { name, line: request };
  state.ending = false;
  $('create-button').disabled = true;
  // Still the host of the old room: /create from it takes its class along (they get `moved`).
  const sent = state.moving ? send(request) : send('/name ' + name);
  if (!sent && !line.ws) line.connect();
});

$('resume-button').addEventListener('click', () => {
  // Back to the room this page still hosts: a reload takes it back with its key (/claim).
  if (state.moving) { location.reload(); return; }
  let seat = null;
  try { seat = JSON.parse(localStorage.getItem(HOST_KEY)); } catch (e) { /* ignore */ }
  if (!seat) return;
  saveSeat(seat);
  claim();
});

$('watch-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const code = $('watch-code').value.replace(/\s+/g, '').toUpperCase();
  if (code) location.href = '/host?watch=' + encodeURIComponent(code);
});

// ---------------------------------------------------------------------------------------------
// The room

function claim() { if (state.seat) send('/claim ' + state.seat.room + ' ' + state.seat.key); }

function enterRoom(room, game, roomState, settings, players) {
  state.room = room;
  state.game = game;
  state.settings = settings || {};
  if (state.role !== 'watch') state.role = 'host';
  state.lastGame = state.role === 'host' && state.seat ? state.seat.lastGame || null : null;
  document.body.dataset.role = state.role;
  state.players = new Map();
  for (const p of players || []) if (p.playing !== false && !p.host) state.players.set(p.name, { connected: p.connected !== false, playing: true });
  for (const p of players || []) if (p.playing !== false && p.host && state.role === 'watch') state.players.set(p.name, { connected: p.connected !== false, playing: true });
  setCount(state.players.size);
  if ('chat' in state.settings) setChat(state.settings.chat);
  $('status').hidden = false;
  $('status-room').textContent = room;
  $('status-game').textContent = game;
  $('lobby-code').textContent = room;
  const url = state.role === 'watch' ? state.joinUrl || '' : (state.seat && state.seat.url ? state.seat.url : '');
  $('lobby-url').textContent = url ? url.replace(/^https?:\/\//, '').replace(/\/\?room=.*$/, '') : 'this server';
  $('lobby-url').dataset.url = url;
  $('lobby-qr').src = '/qr.svg?room=' + encodeURIComponent(room);
  $('controls').hidden = state.role !== 'host';
  $('chat').hidden = state.role !== 'host' || (!state.chat && !$('chat-log').children.length);
  $('say-form').hidden = state.role !== 'host';
  document.title = 'Chalkline: room ' + room;
  setRoomState(roomState === 'running' ? 'running' : 'lobby');
  renderRoster();
  state.teamCount = state.settings.teams || 0;
  setTeams([]);
  if (state.teamCount || state.role === 'watch') send('/teams');
  // A claim in an open question gets that question next; otherwise show the lobby (or wait).
  if (roomState === 'running') { if (!['play', 'results'].includes(document.body.dataset.view)) showWaiting('The game is on: the next question shows here.'); }
  else show('lobby');
  // The claim's reply does not say whether the room is locked: the page remembers it.
  if (state.role === 'host') setLocked(!!(state.seat && state.seat.locked));
}

function resetRoom() {
  stopClock();
  state.room = null;
  state.role = 'none';
  document.body.dataset.role = 'none';
  state.players = new Map();
  state.round = null;
  state.board = null;
  state.teamCount = 0;
  setTeams([]);
  $('status').hidden = true;
  $('controls').hidden = true;
  $('chat').hidden = true;
  $('chat-log').textContent = '';
  setLocked(false);
  document.title = 'Chalkline: host a game';
}

function setRoomState(s) {
  state.roomState = s;
  document.body.dataset.room = s;
  updateControls();
}

function setCount(n) {
  state.count = n;
  $('status-players').textContent = fmt(n);
  $('lobby-count').textContent = n === 0 ? 'No players yet' : (n === 1 ? '1 player' : fmt(n) + ' players');
}

function setLocked(locked) {
  state.locked = locked;
  $('btn-lock').setAttribute('aria-pressed', String(locked));
  $('btn-lock').textContent = locked ? 'Unlock room' : 'Lock room';
  $('status-lock').textContent = locked ? 'locked' : 'open';
}

function setChat(on) {
  state.chat = on;
  $('btn-chat').setAttribute('aria-pressed', String(on));
  $('btn-chat').textContent = on ? 'Chat: on' : 'Chat: off';
  $('status-chat').textContent = on ? 'on' : 'off';
  // The projector shows the chat box while chat is on or something was said.
  if (state.role === 'host') $('chat').hidden = !on && !$('chat-log').children.length;
}

function rememberLock() {
  if (state.seat) { state.seat.locked = state.locked; saveSeat(state.seat); }
}

function removePlayer(name) {
  state.players.delete(name);
  renderRoster();
}

// The names, each with kick and ban (the host's only).
function renderRoster() {
  const list = $('lobby-players');
  list.textContent = '';
  for (const [name, p] of state.players) {
    const li = el('li', p.connected ? 'player' : 'player away');
    li.dataset.name = name;
    li.append(el('span', 'player-name', name));
    if (!p.connected) li.append(el('span', 'player-away', ' (away)'));
    if (state.role === 'host') {
      const kick = el('button', 'small', 'Kick');
      kick.type = 'button';
      kick.dataset.act = 'kick';
      kick.setAttribute('aria-label', 'Kick ' + name);
      const ban = el('button', 'small danger', 'Ban');
      ban.type = 'button';
      ban.dataset.act = 'ban';
      ban.setAttribute('aria-label', 'Ban ' + name);
      li.append(kick, ban);
    }
    list.append(li);
  }
}

$('lobby-players').addEventListener('click', (e) => {
  const b = e.target.closest('button[data-act]');
  if (!b) return;
  const name = b.closest('li').dataset.name;
  if (b.dataset.act === 'ban' && !window.confirm('Ban ' + name + ' from this room for good?')) return;
  send('/' + b.dataset.act + ' ' + name);
});

// ---------------------------------------------------------------------------------------------
// Controls

function updateControls() {
  const running = state.roomState === 'running';
  const open = running && document.body.dataset.view === 'play';
  $('btn-start').disabled = running;
  $('btn-skip').disabled = !open;
  $('btn-skip').textContent = state.game === 'words' ? 'Skip level' : 'Skip question';
  $('btn-stop').disabled = !running;
  $('btn-report').disabled = running || !state.lastGame;
}

$('btn-start').addEventListener('click', () => send('/start'));
$('btn-balance').addEventListener('click', () => send('/teams balance'));
$('btn-skip').addEventListener('click', () => send('/skip'));
$('btn-stop').addEventListener('click', () => send('/stop'));
$('btn-lock').addEventListener('click', () => send(state.locked ? '/unlock' : '/lock'));
$('btn-chat').addEventListener('click', () => send('/set chat=' + (state.chat ? 'off' : 'on')));
$('btn-report').addEventListener('click', () => send('/report'));
$('btn-new').addEventListener('click', () => {
  if (state.roomState === 'running' && !window.confirm('Stop this game and close the room?')) return;
  if (!state.players.size) { send('/leave'); return; }
  // A class to take along: the room stays until Create, whose /create moves its players.
  const n = state.players.size;
  state.moving = true;
  stopClock();
  $('controls').hidden = true;
  showCreate();
  $('create-move').hidden = false;
  $('create-move').textContent = (n === 1 ? 'The player in room ' + state.room + ' moves' : 'The ' + fmt(n) + ' players in room '
    + state.room + ' move') + ' to the new room by themselves when you create it.';
});
$('report-back').addEventListener('click', () => show(state.lastGame ? 'final' : 'lobby'));
$('say-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const t = $('say-input').value.trim();
  if (t && send('/say ' + t)) $('say-input').value = '';
});
$('gone-again').addEventListener('click', () => { location.href = '/host'; });

// ---------------------------------------------------------------------------------------------
// The projector view

function openRound(title, text, ms) {
  $('play-round').textContent = title;
  const q = $('play-question');
  q.hidden = false;
  q.textContent = text;
  q.classList.remove('sentence');
  $('play-clues').hidden = true;
  $('play-groups').hidden = true;
  $('play-results').hidden = true;
  $('play-progress').textContent = '';
  show('play');
  startClock(ms);
}

function showWaiting(text) {
  openRound('The game is on', '', 0);
  $('play-question').textContent = text;
  $('play-question').classList.add('sentence');
  $('play-clock').textContent = '';
}

// A quiz counts answers against players; the word puzzle counts words found against the
// board's, and every word tried (right or wrong, several a player) beside them.
function showProgress() {
  const p = state.progress;
  if (state.game === 'words' && state.board) {
    const found = state.board.clues.filter((c) => c.word).length;
    $('play-progress').textContent = 'words found: ' + fmt(found) + ' of ' + fmt(state.board.clues.length) + ' · ' + fmt(p.answers) + ' tried';
    return;
  }
  $('play-progress').textContent = 'answers in: ' + fmt(p.answers) + ' of ' + fmt(p.players || state.count);
}

function startClock(ms) {
  stopClock();
  state.total = ms;
  state.end = performance.now() + ms;
  const bar = $('play-bar');
  const tick = () => {
    const left = Math.max(0, state.end - performance.now());
    $('play-clock').textContent = ms > 0 ? Math.ceil(left / 1000) + '' : '';
    bar.style.transform = 'scaleX(' + (ms > 0 ? left / ms : 0) + ')';
    bar.classList.toggle('low', left < ms / 4);
    if (left > 0) state.timer = setTimeout(tick, Math.min(250, left));
  };
  tick();
}

// The round is over: the bar empties, and the clock says how it ended (`said`, "Time!" unless told).
function stopClock(said) {
  const running = state.timer !== null;
  clearTimeout(state.timer);
  state.timer = null;
  if (document.body.dataset.view !== 'play') return;
  $('play-clock').textContent = said || 'Time!';
  if (running) $('play-bar').style.transform = 'scaleX(0)';
}

// The round closed with more than half a second left on the clock.
function closedEarly() {
  return state.timer !== null && state.end - performance.now() > 500;
}

// The last round's results before the podium (line.js); a watcher, told no settings, holds 3 s.
const finalHold = podiumHold((msg) => { if (!state.ending && state.room) events.game_end(msg, true); });

function holdPodium(msg) {
  if (document.body.dataset.view !== 'results') return false;
  finalHold.hold(msg, typeof state.settings.gap === 'number' ? state.settings.gap * 1000 : 0);
  return true;
}

function whoLine(id, label, names) {
  const p = $(id);
  p.textContent = '';
  p.hidden = names.length === 0;
  // names=hidden: the projector's copy has every name "", so it says how many, not who.
  if (names.every((n) => n === '')) { p.append(el('strong', '', label + ': ' + fmt(names.length))); return; }
  p.append(el('strong', '', label + ' (' + names.length + '): '), document.createTextNode(names.join(', ')));
}

// A podium step's names, or with names=hidden how many stand on it.
function stepNames(rows) {
  if (rows.every((r) => r.name === '')) return rows.length === 1 ? '1 player' : fmt(rows.length) + ' players';
  return rows.map((r) => r.name).join(', ');
}

function renderClues() {
  const list = $('play-clues');
  list.textContent = '';
  list.hidden = false;
  for (const c of state.board.clues) {
    // A level's end reveals the words nobody found: shown, but not as found.
    const li = el('li', c.word ? (c.solved_by ? 'clue solved' : 'clue missed') : 'clue');
    li.append(el('span', 'clue-n', c.n + '.'), el('span', 'clue-text', c.clue), el('span', 'clue-letters', c.letters + ' letters'));
    if (c.word) li.append(el('span', 'clue-word', c.word), el('span', 'clue-by', c.solved_by ? c.solved_by : '(nobody)'));
    list.append(li);
  }
}

function renderGroups() {
  const box = $('play-groups');
  box.textContent = '';
  box.hidden = false;
  for (const g of state.board.groups) box.append(el('span', 'group', g));
}

// The lobby's teams, each with its players' names (a room with teams).
function setTeams(teams) {
  state.teams = teams || [];
  if (state.teams.length) state.teamCount = state.teams.length;
  $('lobby-teams').hidden = !state.teams.length;
  $('btn-balance').hidden = state.role !== 'host';
  const list = $('team-cards');
  list.textContent = '';
  for (const team of state.teams) {
    const li = el('li', 'team-card');
    li.dataset.team = team.name;
    const n = team.members.length;
    li.append(el('h3', 'team-name', team.name), el('p', 'team-count', n === 1 ? '1 player' : fmt(n) + ' players'),
              el('p', 'team-members', team.members.join(', ')));
    list.append(li);
  }
}

// The team standings of round_end, level_end and game_end: the server's ranks and means, the
// winning team(s) highlighted at the podium.
function fillTeams(id, teams, final) {
  const body = $(id).tBodies[0];
  body.textContent = '';
  $(id + '-box').hidden = !teams || !teams.length;
  for (const team of teams || []) {
    const tr = el('tr', final && team.rank === 1 ? 'win' : '');
    tr.append(el('td', 'num', ordinal(team.rank)), el('td', 'name', team.name), el('td', 'num', fmt(team.score)),
              el('td', 'num', fmt(team.members)));
    body.append(tr);
  }
}

// The standings with the server's ranks as they are: it alone decides who shares a place.
function fillStandings(table, standings, limit) {
  const rows = standings || [];
  const body = table.tBodies[0];
  body.textContent = '';
  // names=hidden: the projector's rows come without names, so the Name column goes too.
  table.classList.toggle('no-names', rows.length > 0 && rows.every((r) => !r.name));
  for (const row of rows.slice(0, limit || rows.length)) {
    const tr = el('tr');
    tr.append(el('td', 'num', ordinal(row.rank)), el('td', 'name', row.name), el('td', 'num', fmt(row.score)));
    body.append(tr);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The report, and its CSV

// The report's parts in the reply's order (game, standings, questions, answers), as
// `chalkline-server report game ID --csv` writes them.
function reportTables(msg) {
  return Object.keys(msg).filter((k) => !['type', 'cmd', 'report'].includes(k))
    .map((k) => ({ name: k, rows: Array.isArray(msg[k]) ? msg[k] : [msg[k]] }));
}

function clearReport() {
  for (const id of ['report-standings', 'report-questions', 'report-answers']) $(id).textContent = '';
  $('report-summary').textContent = '';
  $('report-csv').hidden = true;
}

function showReport(msg) {
  state.report = msg;
  clearReport();
  fieldError('report-error', '');
  const g = msg.game || {};
  $('report-title').textContent = 'Report: ' + (g.game || 'game');
  $('report-summary').textContent = [g.kind, (g.players !== undefined ? g.players + ' players' : ''),
    (g.rounds !== undefined ? g.rounds + ' rounds' : ''), g.state, g.winner ? 'winner ' + g.winner : ''].filter(Boolean).join(' · ');
  $('report-standings').append(table(msg.standings || []));
  const questions = (msg.questions || []).map((q) => {
    const row = Object.assign({}, q);
    if ('right' in q && 'of' in q) row.right = q.right + ' of ' + q.of;
    delete row.of;
    return row;
  });
  $('report-questions').append(table(questions));
  const byPlayer = new Map();
  for (const a of msg.answers || []) {
    const who = a.player !== undefined ? a.player : '';
    if (!byPlayer.has(who)) byPlayer.set(who, []);
    const row = Object.assign({}, a);
    delete row.player;
    byPlayer.get(who).push(row);
  }
  for (const [who, rows] of byPlayer) {
    const d = el('details', 'student');
    const right = rows.filter((r) => r.correct === true).length;
    d.append(el('summary', '', who + ': ' + right + ' of ' + rows.length + ' right'));
    const wrap = el('div', 'scroll');
    wrap.append(table(rows));
    d.append(wrap);
    $('report-answers').append(d);
  }
  const csv = toCSV(msg);
  const link = $('report-csv');
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = 'chalkline-' + (g.game || 'report') + '.csv';
  link.dataset.csv = csv;
  link.hidden = false;
  show('report');
  $('report-title').setAttribute('tabindex', '-1');
  $('report-title').focus();
}

function cell(v, key) {
  if (v === null || v === undefined) return '—';
  if (key === 'accuracy' && typeof v === 'number') return Math.round(v * 100) + '%';
  if (/(^|_)ms$/.test(key) && typeof v === 'number') return (v / 1000).toFixed(1) + ' s';
  if (v === true) return 'yes';
  if (v === false) return 'no';
  if (typeof v === 'number') return fmt(v);
  return String(v);
}

function table(rows) {
  const t = el('table', 'table report-table');
  if (!rows.length) { const p = el('p', 'lead', 'None.'); return p; }
  const keys = Object.keys(rows[0]);
  // A column of numbers (a null among them too) is right-aligned; ms are shown in seconds.
  const numeric = new Set(keys.filter((k) => rows.some((r) => typeof r[k] === 'number') && rows.every((r) => r[k] === null || typeof r[k] === 'number')));
  const head = el('tr');
  for (const k of keys) { const th = el('th', numeric.has(k) ? 'num' : '', k.replace(/(^|_)ms$/, '$1time').replace(/_/g, ' ')); th.scope = 'col'; head.append(th); }
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const r of rows) {
    const tr = el('tr');
    for (const k of keys) {
      const v = r[k];
      const td = el('td', numeric.has(k) ? 'num' : (k === 'correct' ? (v ? 'verdict-right' : 'verdict-wrong') : ''), cell(v, k));
      tr.append(td);
    }
    body.append(tr);
  }
  t.append(thead, body);
  return t;
}

// RFC 4180, as the server's `report --csv`: a header row of keys, a row per record, one block
// per part, an empty line between; CRLF line ends.
function toCSV(msg) {
  const field = (v) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  };
  return reportTables(msg).map((t) => {
    const keys = t.rows.length ? Object.keys(t.rows[0]) : [];
    return [keys.map(field).join(',')].concat(t.rows.map((r) => keys.map((k) => field(r[k])).join(','))).join('\r\n') + '\r\n';
  }).join('\r\n');
}

// ---------------------------------------------------------------------------------------------
// Views and helpers

function show(view) {
  // A new view starts at the top (the projector shows its head, not where the form was scrolled).
  if (document.body.dataset.view !== view) window.scrollTo(0, 0);
  for (const s of document.querySelectorAll('.view')) s.hidden = s.id !== 'view-' + view;
  document.body.dataset.view = view;
  updateControls();
}

function showCreate() {
  show('create');
  $('create-button').disabled = false;
  $('create-move').hidden = !state.moving;
  // Every new room starts from the catalog's defaults, not the last room's choices.
  if (state.catalog) renderOptions();
  let seat = null;
  try { seat = JSON.parse(localStorage.getItem(HOST_KEY)); } catch (e) { /* ignore */ }
  const resume = $('resume-button');
  resume.hidden = !seat;
  if (seat) resume.textContent = (state.moving ? 'Back to room ' : 'Take back room ') + seat.room;
  if (!state.catalog && line.isOpen()) send('/catalog');
}

function ended(title, text) {
  state.ending = true;
  stopClock();
  hideNotice();
  line.close();
  $('gone-title').textContent = title;
  $('gone-text').textContent = text || '';
  $('controls').hidden = true;
  show('gone');
}

// Requests from /comeback, one row a request (several may ask under one name), each with the
// check number the asking device shows and its two answers (/letin NAME NUMBER [no]).
let comebackAnswered = null;
function addComeback(msg) {
  const list = $('comeback-list');
  const number = String(msg.number);
  if ([...list.children].some((li) => li.dataset.number === number)) return;
  const li = el('li');
  li.dataset.name = msg.name;
  li.dataset.number = number;
  li.append(el('span', '', msg.name + ' wants to come back (another device) · number ' + number));
  // The seat's first device is live: perhaps a frozen tablet, perhaps the student playing on it
  // while a classmate asks under their name.
  if (msg.connected) li.append(el('strong', 'comeback-warning', msg.name + "'s first device is still connected and playing: check with " + msg.name + ' before letting this one in.'));
  const yes = el('button', 'primary', 'Let back in');
  const no = el('button', '', 'No');
  yes.type = no.type = 'button';
  const answer = (suffix) => { comebackAnswered = number; yes.disabled = no.disabled = true; send('/letin ' + msg.name + ' ' + number + suffix); };
  yes.addEventListener('click', () => answer(''));
  no.addEventListener('click', () => answer(' no'));
  li.append(yes, no);
  list.append(li);
  $('comebacks').hidden = false;
  announce(msg.name + ' wants to come back on another device, number ' + number + '.');
}
function removeComeback(number) {
  for (const li of [...$('comeback-list').children]) if (li.dataset.number === String(number)) li.remove();
  $('comebacks').hidden = !$('comeback-list').children.length;
}
function clearComebacks() {
  $('comeback-list').replaceChildren();
  $('comebacks').hidden = true;
}

function notice(text) { $('notice').textContent = text; $('notice').hidden = false; }
function hideNotice() { $('notice').hidden = true; }
function fieldError(id, text) { $(id).textContent = text; }

function announce(text) {
  const live = $('live');
  live.append(el('p', '', text));
  while (live.children.length > 4) live.firstElementChild.remove();
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The start: a watcher, a reload that holds a room, or a new teacher.
if (state.role === 'watch') {
  document.body.dataset.role = 'watch';
  $('lobby-code').textContent = watchCode;
} else if (state.seat) {
  notice('Taking back room ' + state.seat.room + '…');
}
line.connect();
})();
