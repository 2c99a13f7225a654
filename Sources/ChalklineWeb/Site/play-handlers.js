// The student page's events: one handler per type in protocol.md's Events table (a `progress`
// is for the host and watchers only). Each changes the state, then draws what it changed.
import { announce, fieldError, protocolDispatch, chatLine } from './shared.js';
import { podiumHold } from './line.js';
import { state, saveSeat, newGame, me, takeGroups } from './play-state.js';
import { show, drawStatus, drawNotice, drawLobby, drawCountdown, drawGone, drawComeback, showJoin, drawJoining } from './play-view.js';
import { startTimer, stopTimer, closedEarly, drawQuestion, drawResults, drawLevelResults, drawPause, drawFinal, myPlace, spoken, questionText } from './play-round.js';
import { drawBoard, drawBoardClosed, drawClues, drawGroups, dropFromWord } from './play-words.js';
import { line, commands } from './play-connection.js';
import { replies, enterRoom, setTeams } from './play-replies.js';

// The connection ended for good (a shutdown, kick, ban or bye): say so, and stop reconnecting.
export function ended(reason, title, text, room) {
  state.ending = true;
  stopTimer();
  state.trouble = null;
  state.hostAway = null;
  line.close();
  state.gone = { reason, title, text, room: room || (state.seat && state.seat.room) || state.code || '' };
  drawGone();
  announce(title + '. ' + (text || ''));
}

export function socketClosed(e) {
  if (state.ending) { line.setConn('closed'); return; }
  if (e.code === 1001) { ended('shutdown', 'The server has stopped', 'The teacher stopped the server. The game is over.'); return; }
  if (e.code === 1008) { ended('policy', 'The server closed the connection', e.reason || 'The server closed the connection.'); return; }
  if (state.seat) {
    // A dropped connection (Wi-Fi, a sleeping tablet): come back with /rejoin, score kept.
    line.retry();
    state.trouble = 'Connection lost. Reconnecting…';
    drawNotice();
    return;
  }
  line.setConn('closed');
  if (!state.joining) return;
  state.joining = null;
  drawJoining();
  fieldError('join-code-error', 'Cannot reach the server. Check the Wi-Fi and try again.');
}

// The homework pause is over: the next question, level or result has come.
function endPause() {
  state.pause = null;
  drawPause();
}

// What the time label says when a question closes: "Time!" only when the time ran out; a round
// everyone answered early says so (a skipped one, or one a dropped player left, just closed).
function howItEnded(msg) {
  if (!closedEarly()) return 'Time!';
  const results = msg.results || [];
  const whole = !msg.players || results.length >= msg.players;
  return whole && results.length && results.every((r) => r.ms !== null) ? 'Everyone has answered' : 'Question closed';
}

function howLevelEnded(msg) {
  if (!closedEarly()) return 'Time!';
  return (msg.clues || []).every((c) => c.solved_by) ? 'All words found' : 'Level closed';
}

// A student waiting to come back is no longer asking (the teacher answered, or the class moved).
function dropComeback() {
  const asked = state.comeback;
  state.comeback = null;
  drawComeback();
  return asked;
}

// Where this student stands after a round, level or game: their score as the server keeps it.
function placed(msg, final) {
  const place = myPlace(msg, final);
  if (place.mine) state.score = place.mine.score;
  return place.text;
}

const events = {
  welcome() {
    line.setConn('open');
    if (state.seat) commands.rejoin(state.seat);
    else if (state.joining) commands.name(state.joining.name);
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
    if (state.seat && msg.name === state.seat.name) announce('You are now the host of this room.');
    else if (back) announce('The teacher is back.');
  },

  // The room has no host until they come back (protocol.md, Rooms); a game on pauses after
  // the open question.
  host_away(msg) {
    state.hostAway = { running: Boolean(msg.running) };
    drawNotice();
    announce('The teacher left; waiting for them.');
  },

  countdown(msg) {
    newGame();
    stopTimer();
    state.countdownMs = msg.seconds * 1000;
    drawStatus();
    drawCountdown();
    announce('Get ready! The race starts in ' + msg.seconds + ' seconds.');
  },

  question(msg) {
    endPause();
    const same = state.question && state.question.id === msg.id;
    if (!same && msg.round === 1) newGame();
    state.game = msg.game;
    if (!same) state.question = { id: msg.id, round: msg.round, rounds: msg.rounds, text: msg.text, game: msg.game, answered: false, sending: false, feedback: null, refused: '' };
    state.result = null;
    drawStatus();
    drawQuestion(!(same && state.question.answered));
    startTimer('question', msg.time_ms);
    if (same && state.question.answered) return;         // a rejoin: the answer was in already
    announce('Question ' + msg.round + ' of ' + msg.rounds + ': ' + spoken(questionText(msg.text)));
  },

  round_end(msg) {
    const mine = (msg.results || []).find((r) => r.name === me());
    const how = howItEnded(msg);
    stopTimer(how);
    const q = state.question;
    if (q) {
      q.answered = true;
      // The answer has come: the wait for it is over.
      if (q.feedback && q.feedback.state === 'wrong') q.feedback.detail = '';
    }
    // No answer ends the streak, as on the server (whose round_end does not repeat it).
    if (mine && mine.ms === null) state.streak = 0;
    state.result = msg;
    const rank = placed(msg);
    drawResults();
    let said = how + (how.endsWith('!') ? ' ' : '. ') + 'The answer was ' + spoken(msg.answer_text) + '. ';
    if (mine) said += mine.correct ? 'You got it right. ' : (mine.ms === null ? 'You did not answer. ' : 'Yours was wrong. ');
    announce(said + rank);
  },

  // The teacher's answer to /comeback: the seat, with a new token kept as a join's, or no.
  let_in(msg) {
    const asked = dropComeback();
    if (msg.allowed) { enterRoom(msg, true); return; }
    if (msg.reason === 'closed') {
      showJoin('', '');
      fieldError('join-code-error', 'Room ' + msg.room + ' closed before your teacher answered. Ask your teacher for the new code.');
      return;
    }
    showJoin(msg.room, '');
    fieldError('join-name-error', 'Your teacher did not let you back in as ' + (asked ? asked.name : msg.name) + '. Pick another name.');
  },

  // The teacher let this seat's student back in on another device: this page is out of the room.
  seat_moved(msg) {
    saveSeat(null);
    ended('moved', 'You are playing on another device', 'Your teacher let ' + msg.name + ' back in on another device, so this page has left room ' + msg.room + '.', msg.room);
  },

  // Homework: the round's verdict and answer stay on screen until the next question comes,
  // msg.ms from now (longer after a wrong answer); the button brings it sooner.
  pause(msg) {
    state.pause = { ms: msg.ms, last: msg.last, until: Date.now() + msg.ms, sent: false };
    drawPause();
  },

  board(msg) {
    endPause();
    const same = state.board && state.board.level === msg.level && state.board.round === msg.round && state.view === 'board';
    if (!same && msg.round === 1) newGame();
    state.game = 'words';
    state.board = {
      id: msg.id, level: msg.level, round: msg.round, levels: msg.levels,
      groups: msg.groups.map((text, id) => ({ id, text, gone: false })),
      clues: msg.clues.map((c) => Object.assign({}, c)),
    };
    state.built = [];
    state.word = '';
    state.wordFeedback = null;
    state.result = null;
    drawStatus();
    drawBoard(true);
    startTimer('board', msg.time_ms);
    if (!same) announce('Level ' + msg.round + ' of ' + msg.levels + ': 7 clues, ' + msg.groups.length + ' letter groups.');
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
    if (msg.name !== me()) announce(msg.name + ' solved ' + msg.word + '.');
  },

  level_end(msg) {
    stopTimer(howLevelEnded(msg));
    if (state.board) state.board.clues = msg.clues.map((c) => Object.assign({}, c));
    state.result = msg;
    const rank = placed(msg);
    if (state.board) drawBoardClosed();
    drawLevelResults(msg.clues.filter((c) => c.solved_by === me()).map((c) => c.word));
    announce('Level over. ' + rank);
  },

  game_end(msg, held) {
    if (!held && holdPodium(msg)) return;
    endPause();
    stopTimer();
    state.final = msg;
    placed(msg, true);
    announce(drawFinal());
  },

  kicked(msg) {
    saveSeat(null);
    if (msg.banned) ended('banned', 'You were banned from room ' + msg.room, 'The host banned you from this room: you cannot join it again.');
    else ended('kicked', 'The host removed you from room ' + msg.room, 'You may join again under another name.', msg.room);
  },

  // The teacher opened the next room and this one closed: follow under the same name, with
  // nothing to type. The form stands behind, so a name taken there is said where it can be fixed.
  moved(msg) {
    // A student waiting to come back gets the new room's form with the name they asked for,
    // not sent: the seat's own device, following at once, keeps the name, and a classmate who
    // asked under it cannot race it there.
    const asked = dropComeback();
    state.hostAway = null;
    const name = !state.seat && asked ? asked.name : state.seat ? state.seat.name : '';
    const follow = Boolean(state.seat) && Boolean(name);
    saveSeat(null);
    stopTimer();
    showJoin(msg.to, name);
    announce('Your class moved to room ' + msg.to + '.');
    if (!follow) return;
    state.joining = { code: msg.to, name };
    drawJoining();
    commands.name(name);
  },

  bye(msg) { ended(msg.reason, msg.reason === 'flood' ? 'Too many messages too fast' : 'Disconnected', msg.message); },

  shutdown(msg) {
    saveSeat(null);
    ended('shutdown', 'The server has stopped', msg.message);
  },

  chat: chatLine,

  teams(msg) { setTeams(msg.teams); },

  progress() {},   // for the host and watchers only
};

// The last round's results stay up before the podium (line.js); a homework try ends at once
// (its rounds have their own pause).
const finalHold = podiumHold((msg) => { if (!state.ending) events.game_end(msg, true); });

function holdPodium(msg) {
  if (msg.homework || !['results', 'level'].includes(state.view)) return false;
  finalHold.hold(msg, state.gapMs);
  return true;
}

// Replies by the command they answer, events by their type; storage_failed (a reply to no
// command) is for the host only.
export const dispatch = protocolDispatch({ replies, events, before: (msg) => { finalHold.before(msg.type); } });
