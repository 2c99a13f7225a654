// The replies (`ok`, `error`) by the command they answer: each changes the state, then draws.
import { $, announce, fieldError } from './shared.js';
import { t, tn } from './i18n.js';
import { state, saveSeat, rememberName, me, say } from './play-state.js';
import { show, drawStatus, drawNotice, drawLobby, drawTeams, drawComeback, showJoin, joinError, drawJoining, drawGone } from './play-view.js';
import { drawAnswerForm, drawFeedback, stopTimer } from './play-round.js';
import { clearWord, drawWord } from './play-words.js';
import { line, commands } from './play-connection.js';
import { proceed, classRoom, classJoinRefused, namesReceived, namesRefused } from './play-class.js';

// The connection ended for good: say so, and no reconnecting. `title` and `text` are `say`s.
export function ended(reason, title, text, room) {
  state.ending = true;
  stopTimer();
  state.trouble = null;
  state.hostAway = null;
  line.close();
  state.gone = { reason, title, text, room: room || (state.seat && state.seat.room) || state.code || '' };
  drawGone();
  announce(say(title) + '. ' + say(text));
}

// By /join, /rejoin, or the teacher's let_in.
export function enterRoom(msg, rejoined) {
  const asked = state.joining;
  state.joining = null;
  state.pick = null;
  line.retries = 0;
  // A class's picture digits stay with the seat: a seat let go is joined again without a child.
  const digits = (asked && asked.digits) || (rejoined && state.seat && state.seat.digits) || undefined;
  saveSeat({ room: msg.room, token: msg.token, name: msg.name, digits });
  rememberName(msg.name);
  state.code = msg.room;
  state.game = msg.game;
  state.score = msg.score;
  if (!rejoined) { state.streak = 0; state.myTeam = null; }
  // From the reply's players (none is host while the host is away): a page offline when the
  // host came back missed `host`.
  const hosted = !msg.players || msg.homework || msg.players.some((p) => p.host);
  state.hostAway = hosted ? null : { running: msg.state === 'running' };
  state.players = (msg.players || []).filter((p) => p.playing).map((p) => p.name);
  state.count = undefined;
  state.trouble = null;
  state.room = { room: msg.room, name: msg.name, homework: msg.homework, running: msg.state === 'running' };
  state.teamCount = (msg.settings && msg.settings.teams) || 0;
  if (msg.settings && typeof msg.settings.gap === 'number') state.gapMs = msg.settings.gap * 1000;
  state.teams = [];
  state.teamError = '';
  history.replaceState(null, '', '?room=' + encodeURIComponent(msg.room));
  if (state.teamCount) commands.teams();
  drawNotice();
  drawLobby();
  if (rejoined) {
    // An answer sent on the old connection gets no reply: it may go again.
    const q = state.question;
    if (q && q.sending) { q.sending = false; q.chosen = null; }
    announce(tn('play.said.back', msg.score, { room: msg.room }, ['Back in room {room} with {count} point.', 'Back in room {room} with {count} points.']));
    // The open question (or board) comes right after; after the game the podium stays.
    if (msg.state === 'running' ? ['question', 'results', 'board', 'level', 'countdown'].includes(state.view) : state.view === 'final') return;
  } else {
    announce(t('play.said.joined', { room: msg.room, name: msg.name }, 'You are in room {room} as {name}.'));
  }
  show('lobby');
}

export function joinFailed(fieldId, message) {
  state.joining = null;
  joinError(fieldId, message);
}

// A name the room has: "Is this you?", and the teacher decides.
function askComeback(code, name) {
  state.joining = null;
  state.comeback = { code, name };
  drawJoining();
  drawComeback();
  show('comeback');
  $('comeback-title').setAttribute('tabindex', '-1');
  $('comeback-title').focus();
}

// Something a test can wait on without reading the verdict's words.
function countReply() {
  state.replies += 1;
  document.body.dataset.replies = state.replies;
}

function quizAnswered(msg) {
  const q = state.question;
  state.score = msg.score;
  state.streak = msg.streak;
  drawStatus();
  if (!q) return;
  q.answered = true;
  q.sending = false;
  q.feedback = msg.correct
    ? { state: 'right', points: msg.points, verdict: ['play.verdict.right', {}, 'Right!'], detail: msg.streak > 1 ? ['play.verdict.streak', { streak: msg.streak }, 'Streak {streak}'] : '' }
    : { state: 'wrong', points: msg.points, verdict: ['play.verdict.wrong', {}, 'Wrong'], detail: ['play.verdict.later', {}, 'The answer comes when time is up.'] };
  drawAnswerForm(false);
  const args = { points: msg.points, score: msg.score, streak: msg.streak };
  announce(!msg.correct ? t('play.said.wrong', args, 'Wrong. Score {score}.')
    : msg.streak > 1 ? t('play.said.streak', args, 'Right! {points} points. Score {score}, streak {streak}.')
      : t('play.said.right', args, 'Right! {points} points. Score {score}.'));
}

function quizRefused(msg) {
  const q = state.question;
  if (!q) return;
  q.sending = false;
  q.chosen = null;                       // a refused choice was not taken
  if (msg.code === 'bad_answer' || msg.code === 'rate_limited') {
    // Not a number (or no such choice): the attempt is not used.
    q.refused = msg.message;
    if (q.choices) q.feedback = { state: 'info', points: 0, text: msg.message };
  } else {
    q.answered = true;
    q.feedback = { state: 'info', points: 0, text: msg.message };
  }
  drawAnswerForm(false);
  announce(msg.message);
}

function wordAnswered(msg) {
  state.score = msg.score;
  drawStatus();
  if (msg.correct) {
    const clue = state.board && state.board.clues.find((c) => c.n === msg.n);
    const word = (state.board && state.board.sent) || '';
    state.wordFeedback = { state: 'right', points: msg.points, verdict: ['play.verdict.right', {}, 'Right!'], detail: clue ? ['play.word.clue', { word, n: clue.n }, '{word} (clue {n})'] : word };
    announce(t('play.said.word', { word, points: msg.points, score: msg.score }, 'Right! {word}, {points} points. Score {score}.'));
  } else {
    state.wordFeedback = { state: 'wrong', points: msg.points, verdict: ['play.word.missing', {}, 'Not on the board'], detail: undefined };
    announce(t('play.word.missing', {}, 'Not on the board') + '.');
  }
  clearWord();
  drawFeedback($('word-feedback'), state.wordFeedback);
}

function wordRefused(msg) {
  state.wordFeedback = { state: 'info', points: 0, text: msg.message };
  announce(msg.message);
  if (msg.code === 'already_solved') clearWord();
  drawWord();
}

export const replies = {
  ok: {
    name() { if (state.joining) commands.join(state.joining.code); },
    join(msg) { enterRoom(msg, false); },
    // Homework's "Try again": out of the try, then the same code again.
    leave() {
      if (!state.again) return;
      state.again = false;
      const seat = state.seat;
      commands.join(seat.room, seat.digits ? seat.name : '', seat.digits);
    },
    rejoin(msg) { enterRoom(msg, true); },
    comeback(msg) {
      if (!state.comeback) return;
      state.comeback.number = msg.number;
      state.comeback.name = msg.name;
      drawComeback();
      announce(t('play.said.comeback', { number: String(msg.number) }, 'Your teacher has been asked to let you back in. Show your teacher this number: {number}. Wait here.'));
    },
    team(msg) {
      state.myTeam = msg.team;
      state.teamError = '';
      drawTeams();
      announce(t('play.team.mine', { team: msg.team }, 'You are on team {team}.'));
    },
    teams(msg) { setTeams(msg.teams); },
    answer(msg) {
      if ('n' in msg) wordAnswered(msg); else quizAnswered(msg);
      countReply();
    },
    names: namesReceived,
    other() {},
  },
  error: {
    names: namesRefused,
    name(msg) { joinFailed('join-name-error', msg.message); },
    join(msg) {
      // Perhaps this student, on a new device.
      const asked = state.joining;
      if (msg.code === 'name_taken' && asked) { askComeback(asked.code, asked.name); return; }
      if (asked && classRoom(asked.code)) { state.joining = null; classJoinRefused(msg, asked); return; }
      const nameCodes = ['bad_name', 'no_name', 'name_taken', 'name_refused'];
      joinFailed(nameCodes.includes(msg.code) ? 'join-name-error' : 'join-code-error', msg.message);
    },
    rejoin(msg) {
      const seat = state.seat;
      if (msg.code === 'rate_limited' && seat) {
        line.later(() => commands.rejoin(seat), msg.retry_ms || 1000);
        return;
      }
      saveSeat(null);
      if (msg.code === 'banned') { ended('banned', ['play.gone.banned', {}, 'You were banned from this room'], msg.message); return; }
      if (msg.code === 'bad_token' && seat) {
        // The seat was let go (the lobby's are, at once): join again, same name.
        state.joining = { code: seat.room, name: seat.name, digits: seat.digits || '' };
        proceed();
        return;
      }
      state.trouble = null;
      showJoin(seat ? seat.room : '', seat ? seat.name : '');
      fieldError('join-code-error', msg.message);
    },
    comeback(msg) {
      if (!state.comeback) return;
      state.comeback.asked = false;
      state.comeback.error = msg.message;
      drawComeback();
    },
    team(msg) {
      state.teamError = msg.message;
      drawTeams();
    },
    answer(msg) {
      if (state.game === 'words') wordRefused(msg); else quizRefused(msg);
      countReply();
    },
    other(msg) {
      // A flood's rate_limited (cmd "") or an unread line: nothing to redo.
      if (msg.code === 'rate_limited') announce(msg.message);
    },
  },
};

export function setTeams(teams) {
  state.teams = teams || [];
  const mine = state.teams.find((t) => t.members.includes(me()));
  if (mine) { state.myTeam = mine.name; state.teamError = ''; }
  drawTeams();
}
