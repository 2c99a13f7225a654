// One handler per event of protocol.md: each changes the state, then draws what it changed.
import { announce, fieldError, protocolDispatch, chatLine } from './shared.js';
import { t, tn } from './i18n.js';
import { podiumHold } from './line.js';
import { state, saveSeat, newGame, me, takeGroups } from './play-state.js';
import { drawStatus, drawNotice, drawLobby, drawCountdown, drawComeback, showJoin, drawJoining } from './play-view.js';
import { startTimer, stopTimer, closedEarly, drawQuestion, drawResults, drawLevelResults, drawPause, drawFinal, myPlace, spoken, questionText, shownText, shownAnswer } from './play-round.js';
import { choicesSaid } from './play-choices.js';
import { drawBoard, drawBoardClosed, drawClues, drawGroups, dropFromWord } from './play-words.js';
import { line, commands } from './play-connection.js';
import { replies, enterRoom, setTeams, ended } from './play-replies.js';
import { proceed, showNames } from './play-class.js';

const STOPPED = ['play.gone.stopped', {}, 'The server has stopped'];

export function socketClosed(e) {
  if (state.ending) { line.setConn('closed'); return; }
  if (e.code === 1001) { ended('shutdown', STOPPED, ['play.gone.stopped.text', {}, 'The teacher stopped the server. The game is over.']); return; }
  if (e.code === 1008) { ended('policy', ['play.gone.closed', {}, 'The server closed the connection'], e.reason || ['play.gone.closed.text', {}, 'The server closed the connection.']); return; }
  if (state.seat) {
    // Wi-Fi, a sleeping tablet: back with /rejoin, score kept.
    line.retry();
    state.trouble = ['play.trouble.lost', {}, 'Connection lost. Reconnecting…'];
    drawNotice();
    return;
  }
  line.setConn('closed');
  if (!state.joining) return;
  state.joining = null;
  drawJoining();
  const trouble = t('play.trouble.unreachable', {}, 'Cannot reach the server. Check the Wi-Fi and try again.');
  if (state.view === 'join') fieldError('join-code-error', trouble); else showNames(trouble);
}

function endPause() {
  state.pause = null;
  drawPause();
}

// "Time!" only when the time ran out; else everyone answered, or it was closed (skipped, a player left).
function howItEnded(msg) {
  if (!closedEarly()) return t('page.time.up', {}, 'Time!');
  const results = msg.results || [];
  const whole = !msg.players || results.length >= msg.players;
  return whole && results.length && results.every((r) => r.ms !== null) ? t('play.ended.everyone', {}, 'Everyone has answered') : t('play.ended.closed', {}, 'Question closed');
}

function howLevelEnded(msg) {
  if (!closedEarly()) return t('page.time.up', {}, 'Time!');
  return (msg.clues || []).every((c) => c.solved_by) ? t('play.ended.found', {}, 'All words found') : t('play.ended.level', {}, 'Level closed');
}

function dropComeback() {
  const asked = state.comeback;
  state.comeback = null;
  drawComeback();
  return asked;
}

// The score as the server keeps it, and the place in words.
function placed(msg, final) {
  const place = myPlace(msg, final);
  if (place.mine) state.score = place.mine.score;
  return place.text;
}

const events = {
  welcome() {
    line.setConn('open');
    if (state.seat) commands.rejoin(state.seat);
    else proceed();
  },

  joined(msg) {
    if (!state.players.includes(msg.name)) state.players.push(msg.name);
    state.count = msg.players;
    drawLobby();
  },

  left(msg) {
    if (msg.reason !== 'disconnected') state.players = state.players.filter((n) => n !== msg.name);
    state.count = msg.players;
    drawLobby();
  },

  host(msg) {
    const back = state.hostAway;
    state.hostAway = null;
    drawNotice();
    if (state.seat && msg.name === state.seat.name) announce(t('play.said.host', {}, 'You are now the host of this room.'));
    else if (back) announce(t('play.said.back.teacher', {}, 'The teacher is back.'));
  },

  // No host until they come back (protocol.md, Rooms): a game on pauses after this question.
  host_away(msg) {
    state.hostAway = { running: Boolean(msg.running) };
    drawNotice();
    announce(t('play.notice.away', {}, 'The teacher left; waiting for them.'));
  },

  countdown(msg) {
    newGame();
    stopTimer();
    state.countdownMs = msg.seconds * 1000;
    drawStatus();
    drawCountdown();
    announce(t('play.countdown.title', {}, 'Get ready!') + ' ' + tn('play.countdown.in', msg.seconds, {}, ['The race starts in {count} second.', 'The race starts in {count} seconds.']));
  },

  question(msg) {
    endPause();
    const same = state.question && state.question.id === msg.id;
    if (!same && msg.round === 1) newGame();
    state.game = msg.game;
    if (!same) state.question = Object.assign({ answered: false, sending: false, feedback: null, refused: '', chosen: null }, msg);
    state.result = null;
    drawStatus();
    drawQuestion(!same);                 // a rejoin's copy keeps what was typed
    startTimer('question', msg.time_ms);
    if (same && state.question.answered) return;         // a rejoin, answered already
    const q = state.question;
    announce(t('play.question.round', { round: msg.round, rounds: msg.rounds }, 'Question {round} of {rounds}') + ': '
      + (q.game === 'quiz' || q.message ? shownText(q) : spoken(questionText(q))) + choicesSaid(q));
  },

  round_end(msg) {
    const mine = (msg.results || []).find((r) => r.name === me());
    const how = howItEnded(msg);
    stopTimer(how);
    const q = state.question;
    if (q) {
      q.answered = true;
      if (q.feedback && q.feedback.state === 'wrong') q.feedback.detail = '';
    }
    // No answer ends the streak, as on the server (round_end does not say it).
    if (mine && mine.ms === null) state.streak = 0;
    state.result = msg;
    const rank = placed(msg);
    // One who joined mid-question stays on the lobby until a question comes.
    if (['question', 'results'].includes(state.view)) drawResults();
    let said = how + (/[!¡]$/.test(how) ? ' ' : '. ') + t('play.said.answer', { answer: spoken(shownAnswer(msg)) }, 'The answer was {answer}.') + ' ';
    if (mine) {
      said += (mine.correct ? t('play.said.got_it', {}, 'You got it right.')
        : mine.ms === null ? t('play.said.none', {}, 'You did not answer.') : t('play.said.yours_wrong', {}, 'Yours was wrong.')) + ' ';
    }
    announce(said + rank);
  },

  // The teacher's answer to /comeback: the seat (a new token), or no.
  let_in(msg) {
    const asked = dropComeback();
    if (msg.allowed) { enterRoom(msg, true); return; }
    if (msg.reason === 'closed') {
      showJoin('', '');
      fieldError('join-code-error', t('play.comeback.closed', { room: msg.room }, 'Room {room} closed before your teacher answered. Ask your teacher for the new code.'));
      return;
    }
    showJoin(msg.room, '');
    fieldError('join-name-error', t('play.comeback.refused', { name: asked ? asked.name : msg.name }, 'Your teacher did not let you back in as {name}. Pick another name.'));
  },

  // This seat's student is back on another device: this page is out.
  seat_moved(msg) {
    saveSeat(null);
    ended('moved', ['play.gone.moved', {}, 'You are playing on another device'],
      ['play.gone.moved.text', { name: msg.name, room: msg.room }, 'Your teacher let {name} back in on another device, so this page has left room {room}.'], msg.room);
  },

  // Homework: the round's end stays up msg.ms (longer after a wrong answer), or until Next.
  pause(msg) {
    state.pause = { ms: msg.ms, last: msg.last, until: Date.now() + msg.ms, sent: false };
    drawPause();
  },

  board(msg) {
    endPause();
    const same = state.board && state.board.level === msg.level && state.board.round === msg.round && state.view === 'board';
    if (!same && msg.round === 1) newGame();
    state.game = 'words';
    state.board = Object.assign({}, msg, {
      groups: msg.groups.map((text, id) => ({ id, text, gone: false })),
      clues: msg.clues.map((c) => Object.assign({}, c)),
    });
    state.built = [];
    state.word = '';
    state.wordFeedback = null;
    state.result = null;
    drawStatus();
    drawBoard(true);
    startTimer('board', msg.time_ms);
    if (!same) {
      announce(t('play.board.round', { round: msg.round, levels: msg.levels }, 'Level {round} of {levels}') + ': '
        + t('play.said.board', { clues: msg.clues.length, groups: msg.groups.length }, '{clues} clues, {groups} letter groups.'));
    }
  },

  solved(msg) {
    const board = state.board;
    if (!board) return;
    const clue = board.clues.find((c) => c.n === msg.n);
    if (clue) { clue.word = msg.word; clue.solved_by = msg.name; clue.points = msg.points; }
    const lost = takeGroups(msg.groups);
    if (lost.length) dropFromWord(lost, msg);
    drawClues();
    drawGroups();
    if (msg.name !== me()) announce(t('play.said.solved', { name: msg.name, word: msg.word }, '{name} solved {word}.'));
  },

  level_end(msg) {
    stopTimer(howLevelEnded(msg));
    if (state.board) state.board.clues = msg.clues.map((c) => Object.assign({}, c));
    state.result = msg;
    const rank = placed(msg);
    if (state.board && ['board', 'level'].includes(state.view)) {
      drawBoardClosed();
      drawLevelResults(msg.clues.filter((c) => c.solved_by === me()).map((c) => c.word));
    }
    announce(t('play.said.level_over', {}, 'Level over.') + ' ' + rank);
  },

  game_end(msg, held) {
    if (!held && holdPodium(msg)) return;
    endPause();
    stopTimer();
    state.final = msg;
    if (state.hostAway) state.hostAway.running = false;     // nothing left to pause
    drawNotice();
    placed(msg, true);
    announce(drawFinal());
  },

  kicked(msg) {
    saveSeat(null);
    if (msg.banned) {
      ended('banned', ['play.gone.banned_from', { room: msg.room }, 'You were banned from room {room}'],
        ['play.gone.banned.text', {}, 'The host banned you from this room: you cannot join it again.']);
    } else {
      ended('kicked', ['play.gone.kicked', { room: msg.room }, 'The host removed you from room {room}'],
        ['play.gone.kicked.text', {}, 'You may join again under another name.'], msg.room);
    }
  },

  // The class moved to a new room: follow under the same name (the form behind, to say a name
  // taken there). One waiting to come back gets the form with that name unsent, so a classmate
  // who asked under it cannot race the seat's own device to it.
  moved(msg) {
    const asked = dropComeback();
    state.hostAway = null;
    const name = !state.seat && asked ? asked.name : state.seat ? state.seat.name : '';
    const follow = Boolean(state.seat) && Boolean(name);
    const digits = (state.seat && state.seat.digits) || '';
    saveSeat(null);
    stopTimer();
    showJoin(msg.to, name);
    announce(t('play.said.moved', { room: msg.to }, 'Your class moved to room {room}.'));
    if (!follow) return;
    state.joining = { code: msg.to, name, digits };
    drawJoining();
    proceed();
  },

  bye(msg) {
    ended(msg.reason, msg.reason === 'flood' ? ['play.gone.flood', {}, 'Too many messages too fast'] : ['play.gone.bye', {}, 'Disconnected'], msg.message);
  },

  shutdown(msg) {
    saveSeat(null);
    ended('shutdown', STOPPED, msg.message);
  },

  chat: chatLine,

  teams(msg) { setTeams(msg.teams); },

  progress() {},   // for the host and watchers only
};

// The last results stay up before the podium (line.js); homework has its own pause.
const finalHold = podiumHold((msg) => { if (!state.ending) events.game_end(msg, true); });

function holdPodium(msg) {
  if (msg.homework || !['results', 'level'].includes(state.view)) return false;
  finalHold.hold(msg, state.gapMs);
  return true;
}

// storage_failed (a reply to no command) is for the host only.
export const dispatch = protocolDispatch({ replies, events, before: (msg) => { finalHold.before(msg.type); } });
