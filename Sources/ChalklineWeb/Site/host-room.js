// The room (players, teams, lock, chat) and its lobby: the code, the join URL, the QR code.
import { $, el, announce, setText, setHidden, setData } from './shared.js';
import { t, drawer } from './host-words.js';
import { saveSeat } from './host-seat.js';

export function room(page) {
  const { state, commands } = page;

  function enterRoom(code, game, roomState, settings, players) {
    const same = state.entered && state.room === code;
    Object.assign(state, { entered: true, room: code, game, settings: settings || {} });
    if (state.role !== 'watch') state.role = 'host';
    state.lastGame = state.role === 'host' && state.seat ? state.seat.lastGame || null : null;
    state.players = new Map();
    for (const host of [false, true]) {
      for (const p of players || []) {
        if (p.playing !== false && !!p.host === host && (!host || state.role === 'watch')) state.players.set(p.name, { connected: p.connected !== false });
      }
    }
    state.count = state.players.size;
    if ('chat' in state.settings) state.chat = state.settings.chat;
    if (state.role === 'host') state.joinUrl = state.seat && state.seat.url ? state.seat.url : '';
    state.roomState = roomState === 'running' ? 'running' : 'lobby';
    Object.assign(state, { teamCount: state.settings.teams || 0, teams: [] });
    if (state.teamCount || state.role === 'watch') commands.teams();
    // A claim in an open question gets that question next; one after the game, its podium or report.
    if (roomState !== 'running') { if (!same || !['final', 'report'].includes(state.view)) state.view = 'lobby'; }
    else if (!['play', 'results'].includes(state.view)) page.showWaiting(t('host.play.on_next', {}, 'The game is on: the next question shows here.'));
    // The claim's reply does not say whether the room is locked: the page remembers it.
    if (state.role === 'host') state.locked = !!(state.seat && state.seat.locked);
  }

  function resetRoom() {
    page.stopClock();
    Object.assign(state, { entered: false, room: null, role: 'none', players: new Map(), round: null, board: null,
                           teamCount: 0, teams: [], chatLines: [], locked: false });
  }

  function claim() { if (state.seat) commands.claim(state.seat.room, state.seat.key); }

  function leaveForTheForm(error) {
    state.seat = saveSeat(null);
    resetRoom();
    page.showCreate();
    if (error) state.createError = error;
  }

  function setTeams(teams) {
    state.teams = teams || [];
    if (state.teams.length) state.teamCount = state.teams.length;
  }

  function rememberLock(msg) {
    state.locked = msg.locked;
    if (state.seat) { state.seat.locked = state.locked; saveSeat(state.seat); }
  }

  const removeComeback = (number) => { state.comebacks = state.comebacks.filter((c) => c.number !== String(number)); };

  const ok = {
    create(msg) {
      state.comebacks = [];
      const p = state.pending;
      Object.assign(state, { pending: null, moving: false, creating: false });
      state.seat = saveSeat({ room: msg.room, key: msg.host_key, name: p ? p.name : '', url: msg.join_url || '', game: msg.game });
      enterRoom(msg.room, msg.game, 'lobby', msg.settings, []);
    },
    claim(msg) {
      page.line.retries = 0;
      state.notice = null;
      // The requests still waiting come again after this reply.
      state.comebacks = [];
      if (state.seat) state.seat.game = msg.game;
      enterRoom(msg.room, msg.game, msg.state, msg.settings, msg.players);
    },
    watch(msg) {
      page.line.retries = 0;
      state.notice = null;
      state.joinUrl = msg.join_url || '';
      enterRoom(msg.room, msg.game, msg.state, {}, msg.players);
      if (msg.state === 'running') page.showWaiting(t('host.play.on_next', {}, 'The game is on: the next question shows here.'));
      // A room whose game is over: its podium, as the main screen shows it, not an empty lobby.
      else if (msg.last_game) page.gameEnd({ type: 'game_end', standings: msg.standings, game: msg.last_game, teams: msg.teams });
    },
    lock: rememberLock,
    unlock: rememberLock,
    set(msg) { state.chat = msg.chat; },
    kick(msg) { state.players.delete(msg.name); },
    ban(msg) { state.players.delete(msg.name); },
    teams(msg) { setTeams(msg.teams); },
    letin(msg) {
      removeComeback(msg.number);
      announce(msg.allowed ? t('host.say.back', { name: msg.name }, '{name} is back, on their new device.') : t('host.say.not_back', { name: msg.name }, '{name} was not let back in.'));
    },
    leave() { leaveForTheForm(); },
  };

  const error = {
    // The student gave up, left or dropped before the teacher answered.
    letin(msg) {
      if (state.comebackAnswered) removeComeback(state.comebackAnswered);
      state.notice = msg.message;
    },
    claim(msg) {
      if (msg.code === 'rate_limited') { page.line.later(() => { claim(); page.render(); }, msg.retry_ms || 1000); return; }
      leaveForTheForm(['host.create.room_gone', { room: state.seat ? state.seat.room : '', why: msg.message }, 'Room {room} is gone: {why}']);
    },
    watch(msg) {
      state.role = 'none';
      history.replaceState(null, '', location.pathname);
      page.showCreate();
      state.createError = msg.message;
    },
    teams(msg) {
      // A watcher asks every room for its teams: one without them says bad_args, quietly.
      if (msg.code === 'bad_args' && !state.teamCount) return;
      state.notice = msg.message;
    },
  };

  const events = {
    // A student on another device asks for their seat back; waiting false: it went away.
    comeback(msg) {
      const number = String(msg.number);
      if (msg.waiting === false) { removeComeback(number); return; }
      if (state.comebacks.some((c) => c.number === number)) return;
      state.comebacks = state.comebacks.concat([{ name: msg.name, number, connected: !!msg.connected, answered: false }]);
      announce(t('host.say.comeback', { name: msg.name, number }, '{name} wants to come back on another device, number {number}.'));
    },
    // The second screen follows the class to the next room, its address too (for a reload).
    moved(msg) {
      if (state.role !== 'watch') return;
      page.stopClock();
      state.watching = msg.to;
      history.replaceState(null, '', location.pathname + '?watch=' + encodeURIComponent(msg.to));
      announce(t('host.say.moved', { room: msg.to }, 'The class moved to room {room}.'));
      commands.watch(msg.to);
    },
    joined(msg) {
      state.players.set(msg.name, { connected: true });
      state.count = msg.players;
      announce(t('host.say.joined', { name: msg.name }, '{name} joined.'));
    },
    left(msg) {
      const p = state.players.get(msg.name);
      if (msg.reason === 'disconnected' && state.roomState === 'running') { if (p) p.connected = false; }
      else state.players.delete(msg.name);
      state.count = msg.players;
    },
    host(msg) { state.notice = null; announce(t('host.say.host', { name: msg.name }, '{name} is the host.')); },
    host_away() { if (state.role === 'watch') state.notice = ['host.notice.host_away', {}, 'The teacher left; waiting for them.']; },
    teams(msg) { setTeams(msg.teams); },
    chat(msg) {
      state.chatLines = state.chatLines.concat([{ host: !!msg.host, name: msg.name, text: msg.text }]).slice(-30);
    },
  };

  const drawRoster = drawer(([players, host]) => {
    $('lobby-players').replaceChildren(...players.map(([name, p]) => {
      const li = el('li', p.connected ? 'player' : 'player away');
      li.dataset.name = name;
      li.append(el('span', 'player-name', name));
      if (!p.connected) li.append(el('span', 'player-away', ' ' + t('host.lobby.away', {}, '(away)')));
      if (host) for (const [act, label, cls] of [['kick', t('host.lobby.kick', {}, 'Kick'), 'small'], ['ban', t('host.lobby.ban', {}, 'Ban'), 'small danger']]) {
        const b = Object.assign(el('button', cls, label), { type: 'button', ariaLabel: label + ' ' + name });
        b.dataset.act = act;
        li.append(b);
      }
      return li;
    }));
  });

  const drawTeams = drawer(([teams]) => {
    $('team-cards').replaceChildren(...teams.map((team) => {
      const li = el('li', 'team-card');
      li.dataset.team = team.name;
      const n = team.members.length;
      li.append(el('h3', 'team-name', team.name), el('p', 'team-count', players(n)),
                el('p', 'team-members', team.members.join(', ')));
      return li;
    }));
  });

  function draw() {
    const url = state.joinUrl || '';
    setText('lobby-code', state.room || '');
    if (state.entered) {
      setText('lobby-url', url ? url.replace(/^https?:\/\//, '').replace(/\/\?room=.*$/, '') : t('host.lobby.this_server', {}, 'this server'));
      setData($('lobby-url'), 'url', url);
      const qr = '/qr.svg?room=' + encodeURIComponent(state.room);
      if ($('lobby-qr').getAttribute('src') !== qr) $('lobby-qr').src = qr;
      $('lobby-qr').alt = t('host.lobby.qr', {}, 'QR code of the join address');
    }
    const n = state.count;
    setText('lobby-count', n === 0 ? t('host.lobby.nobody', {}, 'No players yet') : players(n));
    drawRoster([[...state.players], state.role === 'host']);
    setHidden('lobby-teams', !state.teams.length);
    setHidden('btn-balance', state.role !== 'host');
    drawTeams([state.teams]);
  }

  $('lobby-players').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-act]');
    if (!b) return;
    const name = b.closest('li').dataset.name;
    if (b.dataset.act === 'ban' && !window.confirm(t('host.confirm.ban', { name }, 'Ban {name} from this room for good?'))) return;
    commands[b.dataset.act](name);
  });
  $('btn-balance').addEventListener('click', () => commands.balanceTeams());

  return { ok, error, events, draw, claim, resetRoom };
}

// "1 player", "12 players": also the podium's step when names are hidden.
export const players = (n) => t('host.count.players', { count: n }, n === 1 ? '{count} player' : '{count} players');
