// The screens outside a round, drawn from the state: status bar, notice, join form, "Is this
// you?", lobby and teams, countdown, the end of the connection.
import { $, el, fmt, fieldError, setText, drawer } from './shared.js';
import { t, tn, language } from './i18n.js';
import { state, me, say } from './play-state.js';

export function show(view) {
  state.view = view;
  const section = view === 'results' ? 'question' : view === 'level' ? 'board' : view;
  for (const s of document.querySelectorAll('.view')) s.hidden = s.id !== 'view-' + section;
  document.body.dataset.view = view;
}

export function drawStatus() {
  const seat = state.seat;
  $('status').hidden = !seat || !state.room;
  $('status-room').textContent = seat ? seat.room : '';
  $('status-name').textContent = seat ? seat.name : '';
  $('status-score').textContent = fmt(state.score);
  $('status-streak').textContent = state.streak;
  $('status-streak-item').hidden = state.game === 'words';      // no streak there
  $('status-team-item').hidden = !state.myTeam;
  $('status-team').textContent = state.myTeam || '';
}

// Connection trouble first, else a teacher away (host_away until `host`).
export function drawNotice() {
  const away = state.hostAway && state.room
    ? t('play.notice.away', {}, 'The teacher left; waiting for them.') + (state.hostAway.running ? ' ' + t('play.notice.pauses', {}, 'The game pauses after this question.') : '')
    : '';
  const text = say(state.trouble) || away;
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

export function clearJoinErrors() {
  for (const f of ['join-code', 'join-name']) { $(f).removeAttribute('aria-invalid'); fieldError(f + '-error', ''); }
}

export function showJoin(code, name) {
  state.room = null;
  $('join-code').value = code || '';
  $('join-name').value = name || '';
  clearJoinErrors();
  drawJoining();
  show('join');
  drawStatus();
  drawNotice();
  (code ? $('join-name') : $('join-code')).focus();
}

export function drawJoining() { $('join-button').disabled = Boolean(state.joining); }

// The message beside its field, which takes the focus.
export function joinError(fieldId, message) {
  drawJoining();
  fieldError(fieldId, message);
  const input = $(fieldId.replace('-error', ''));
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

export function drawComeback() {
  const c = state.comeback;
  if (!c) { delete document.body.dataset.comeback; return; }
  const waiting = c.number !== undefined;
  $('comeback-title').textContent = waiting ? t('play.comeback.asked.title', {}, 'Ask your teacher') : t('play.comeback.title', {}, 'Is this you?');
  $('comeback-text').textContent = waiting
    ? t('play.comeback.asked', { name: c.name }, 'Your teacher has been asked to let you back in as {name}. Wait here.')
    : t('play.comeback.text', { name: c.name, code: c.code }, 'Someone called {name} is already in room {code}.');
  // The teacher lets in the device showing this number, not whoever asks under the name.
  $('comeback-number-value').textContent = waiting ? c.number : '';
  $('comeback-number').hidden = !waiting;
  $('comeback-help').hidden = waiting;
  $('comeback-ask').hidden = waiting;
  $('comeback-ask').disabled = Boolean(c.asked);
  $('comeback-other').textContent = waiting ? t('play.comeback.cancel', {}, 'Cancel: pick another name') : t('play.comeback.other', {}, 'No, pick another name');
  fieldError('comeback-error', say(c.error));
  document.body.dataset.comeback = waiting ? 'waiting' : 'asking';
}

function lobbyText() {
  const r = state.room;
  if (!r) return t('play.trouble.reconnecting', {}, 'Reconnecting…');
  if (r.homework) {
    return t('play.lobby.homework', { due: r.homework.due.replace('T', ' ') }, 'Homework, due {due}: you play alone, at your own pace.') + ' '
      + (r.homework.resumed ? t('play.lobby.resumed', { round: r.homework.round }, 'You go on from question {round}.') : t('play.lobby.first', {}, 'The first question comes in a moment.'));
  }
  return r.running ? t('play.lobby.running', {}, 'The game is on: you play from the next question.') : t('play.lobby.wait', {}, 'Wait for the host to start.');
}

export function drawLobby() {
  $('lobby-room').textContent = state.room ? state.room.room : (state.seat ? state.seat.room : '');
  $('lobby-text').textContent = lobbyText();
  const list = $('lobby-players');
  list.textContent = '';
  for (const name of state.players) list.append(el('li', name === me() ? 'me' : '', name));
  const n = state.count === undefined ? state.players.length : state.count;
  $('lobby-count').textContent = tn('play.lobby.players', n, {}, ['{count} player', '{count} players']);
  drawTeams();
}

// Each team with its players and a button to join it (play.js sends /team). Only what changed:
// a classmate joining must not take the focus off a button, nor have #my-team (aria-live) said again.
export function drawTeams() {
  $('lobby-teams').hidden = !state.teamCount;
  drawStatus();
  setText('my-team', state.teamError
    || (state.myTeam ? t('play.team.mine', { team: state.myTeam }, 'You are on team {team}.') : t('play.team.pick', {}, 'Pick a team, or the server puts you on one at the start.')));
  drawTeamList([state.teams, state.myTeam, me(), language()]);
}

const drawTeamList = drawer(([teams, myTeam, name]) => {
  const list = $('team-list');
  list.textContent = '';
  for (const team of teams) {
    const mine = team.name === myTeam;
    const li = el('li', mine ? 'mine' : '');
    const button = el('button', '', mine ? team.name + ' ✓' : t('play.team.join', { team: team.name }, 'Join {team}'));
    button.type = 'button';
    button.dataset.team = team.name;
    button.setAttribute('aria-pressed', String(mine));
    const names = el('p', 'team-members', team.members.length ? team.members.join(', ') : t('play.team.nobody', {}, 'nobody yet'));
    if (team.members.includes(name)) names.classList.add('has-me');
    li.append(button, names);
    list.append(li);
  }
});

// Second by second, looked at five times a second: a busy device runs timers late (Chrome aligns
// a background page's to whole seconds), and one aimed at a second's edge could skip a number.
export function drawCountdown() {
  clearTimeout(state.timer);
  const end = performance.now() + state.countdownMs;
  const tick = () => {
    const left = Math.ceil((end - performance.now()) / 1000);
    const text = left > 0 ? tn('play.countdown.in', left, {}, ['The race starts in {count} second.', 'The race starts in {count} seconds.']) : t('play.countdown.go', {}, 'Go!');
    setText('countdown-text', text);
    if (left > 0 && state.view === 'countdown') state.timer = setTimeout(tick, 200);
  };
  show('countdown');
  tick();
}

export function drawGone() {
  const g = state.gone;
  $('gone-title').textContent = say(g.title);
  $('gone-text').textContent = say(g.text);
  $('gone-again').dataset.room = g.room || '';
  document.body.dataset.ended = g.reason;
  show('gone');
  drawStatus();
  drawNotice();
  $('gone-title').setAttribute('tabindex', '-1');
  $('gone-title').focus();
}
