// Chalkline's student page: a client of protocol.md over one WebSocket at /ws.
// Each message sent is one protocol line; each message received is one json object.
import { $, el, fmt, ordinal, seconds, notice, hideNotice, fieldError, announce, protocolDispatch, chatLine, keptSeat, timeBar } from './shared.js';
import { serverLine, podiumHold } from './line.js';

const SEAT_KEY = 'chalkline.seat';      // sessionStorage: {room, token, name}, for /rejoin
const NAME_KEY = 'chalkline.name';      // localStorage: the last name used, to prefill the form
const seatStore = keptSeat(SEAT_KEY);

// ---------------------------------------------------------------------------------------------
// State

const state = {
  ending: false,           // a shutdown, kick, ban or bye: do not reconnect
  again: false,            // homework's "Try again" sent /leave: /join the same code when it is done
  joining: null,           // {code, name} while the join form's /name and /join are under way
  comeback: null,          // {code, name} while "Is this you?" is shown or the teacher is asked
  seat: seatStore.load(),        // {room, token, name} once in a room
  game: null,              // times, words, arith, money, pace
  score: 0,
  streak: 0,
  question: null,          // {id, text, answered, sending}
  board: null,             // {groups: [{id, text, gone}], clues: [...]}
  built: [],               // ids of the groups tapped into the word being built
  players: [],             // names, for the lobby
  teamCount: 0,            // the room's teams= (0: a room without teams)
  teams: [],               // [{name, members}], the last /teams reply or teams event
  myTeam: null,            // this student's team's name
  timer: null,
  gapMs: 3000,             // the room's gap= (settings), how long a round's results stay up
  podium: null,            // {msg, timer}: a game_end held while the last results show
};

function saveSeat(seat) {
  state.seat = seat;
  seatStore.save(seat);
}

// ---------------------------------------------------------------------------------------------
// The connection: /ws on this host; reconnects by itself while the page holds a seat.

const line = serverLine({ message: (msg) => dispatch(msg), closed: onSocketClosed });
const send = line.send;

function onSocketClosed(e) {
  if (state.ending) { line.setConn('closed'); return; }
  if (e.code === 1001) { ended('shutdown', 'The server has stopped', 'The teacher stopped the server. The game is over.'); return; }
  if (e.code === 1008) { ended('policy', 'The server closed the connection', e.reason || 'The server closed the connection.'); return; }
  if (state.seat) {
    // A dropped connection (Wi-Fi, a sleeping tablet): come back with /rejoin, score kept.
    line.retry();
    notice('Connection lost. Reconnecting…');
    return;
  }
  line.setConn('closed');
  if (state.joining) {
    state.joining = null;
    fieldError('join-code-error', 'Cannot reach the server. Check the Wi-Fi and try again.');
    $('join-button').disabled = false;
  }
}



// ---------------------------------------------------------------------------------------------
// Commands the page sends

const commands = {
  name(name) { return send('/name ' + name); },
  join(code) { return send('/join ' + code); },
  leave() { return send('/leave'); },
  rejoin(seat) { return send('/rejoin ' + seat.room + ' ' + seat.token); },
  // The answer names its question (or word level): one that arrives after that closed, on a
  // slow Wi-Fi, is refused by the server rather than judged against the next question.
  answer(text, id) { return send('/answer id=' + id + ' ' + text); },
  // Homework: go on from a round's answer before the server's pause is over.
  next() { return send('/next'); },
  // Back on another device: the room's host is asked to give this page the seat.
  comeback(code, name) { return send('/comeback ' + code + ' ' + name); },
  team(name) { return send('/team ' + name); },
  teams() { return send('/teams'); },
};

// ---------------------------------------------------------------------------------------------
// Replies: ok.CMD and error.CMD

const replies = {
  ok: {
    name() {
      if (state.joining) commands.join(state.joining.code);
    },
    join(msg) { enterRoom(msg, false); },
    // Homework's "Try again": out of the finished try, then the same code again for a new one.
    leave() {
      if (!state.again) return;
      state.again = false;
      commands.join(state.seat.room);
    },
    rejoin(msg) { enterRoom(msg, true); },
    comeback(msg) {
      $('comeback-title').textContent = 'Ask your teacher';
      $('comeback-text').textContent = 'Your teacher has been asked to let you back in as ' + msg.name + '. Wait here.';
      // The teacher lets in the device showing this number, not whoever asks under the name.
      $('comeback-number-value').textContent = msg.number;
      $('comeback-number').hidden = false;
      $('comeback-help').hidden = true;
      $('comeback-ask').hidden = true;
      $('comeback-other').textContent = 'Cancel: pick another name';
      document.body.dataset.comeback = 'waiting';
      announce('Your teacher has been asked to let you back in. Show your teacher this number: ' + msg.number + '. Wait here.');
    },
    team(msg) {
      state.myTeam = msg.team;
      renderTeams();
      announce('You are on team ' + msg.team + '.');
    },
    teams(msg) { setTeams(msg.teams); },
    answer(msg) {
      if ('n' in msg) wordAnswered(msg); else quizAnswered(msg);
      countReply();
    },
    other() {},
  },
  error: {
    name(msg) { joinFailed('join-name-error', msg.message); },
    join(msg) {
      // Someone in the room has this name: perhaps this student, on a new device.
      if (msg.code === 'name_taken' && state.joining) { askComeback(state.joining.code, state.joining.name); return; }
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
      if (msg.code === 'banned') { ended('banned', 'You were banned from this room', msg.message); return; }
      if (msg.code === 'bad_token' && seat) {
        // The seat was let go (in the lobby a dropped seat is released at once): join again
        // under the same name.
        state.joining = { code: seat.room, name: seat.name };
        commands.name(seat.name);
        return;
      }
      hideNotice();
      showJoin(seat ? seat.room : '', seat ? seat.name : '');
      fieldError('join-code-error', msg.message);
    },
    comeback(msg) {
      $('comeback-ask').disabled = false;
      fieldError('comeback-error', msg.message);
    },
    team(msg) { $('my-team').textContent = msg.message; },
    answer(msg) {
      if (state.game === 'words') wordRefused(msg); else quizRefused(msg);
      countReply();
    },
    other(msg) {
      // A flood's rate_limited (cmd "") or a line the server could not read: nothing to redo.
      if (msg.code === 'rate_limited') announce(msg.message);
    },
  },
};

// How many answers the server has judged or refused on this page: something a test (or an
// extension) can wait on without reading the feedback's words.
function countReply() {
  document.body.dataset.replies = Number(document.body.dataset.replies || 0) + 1;
}

function joinFailed(fieldId, message) {
  state.joining = null;
  fieldError(fieldId, message);
  $('join-button').disabled = false;
  const input = fieldId === 'join-name-error' ? $('join-name') : $('join-code');
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

function enterRoom(msg, rejoined) {
  state.joining = null;
  line.retries = 0;
  saveSeat({ room: msg.room, token: msg.token, name: msg.name });
  try { localStorage.setItem(NAME_KEY, msg.name); } catch (e) { /* ignore */ }
  state.game = msg.game;
  $('status-streak-item').hidden = msg.game === 'words';     // the word puzzle has no streak
  state.score = msg.score;
  if (!rejoined) state.streak = 0;
  state.players = (msg.players || []).filter((p) => p.playing).map((p) => p.name);
  hideNotice();
  $('status').hidden = false;
  $('status-room').textContent = msg.room;
  $('status-name').textContent = msg.name;
  showScore();
  history.replaceState(null, '', '?room=' + encodeURIComponent(msg.room));
  // A rejoin during an open question gets that question (or board) right after this reply;
  // otherwise wait for the next one.
  $('lobby-room').textContent = msg.room;
  $('lobby-text').textContent = msg.homework
    ? 'Homework, due ' + msg.homework.due.replace('T', ' ') + ': you play alone, at your own pace. '
      + (msg.homework.resumed ? 'You go on from question ' + msg.homework.round + '.' : 'The first question comes in a moment.')
    : msg.state === 'running'
    ? 'The game is on: you play from the next question.'
    : 'Wait for the host to start.';
  state.teamCount = (msg.settings && msg.settings.teams) || 0;
  if (msg.settings && typeof msg.settings.gap === 'number') state.gapMs = msg.settings.gap * 1000;
  if (!rejoined) state.myTeam = null;
  state.teams = [];
  $('lobby-teams').hidden = !state.teamCount;
  renderTeams();
  if (state.teamCount) commands.teams();               // who is on which team already
  renderLobby();
  if (rejoined) {
    announce('Back in room ' + msg.room + ' with ' + fmt(msg.score) + ' points.');
    if (msg.state === 'running' && ['question', 'results', 'board', 'level', 'countdown'].includes(document.body.dataset.view)) return;
  } else {
    announce('You are in room ' + msg.room + ' as ' + msg.name + '.');
  }
  show('lobby');
}

// ---------------------------------------------------------------------------------------------
// Events: one handler per type in protocol.md's Events table

const events = {
  welcome() {
    line.setConn('open');
    if (state.seat) commands.rejoin(state.seat);
    else if (state.joining) commands.name(state.joining.name);
  },

  joined(msg) {
    if (!state.players.includes(msg.name)) state.players.push(msg.name);
    renderLobby(msg.players);
  },

  left(msg) {
    if (msg.reason !== 'disconnected') state.players = state.players.filter((n) => n !== msg.name);
    renderLobby(msg.players);
  },

  host(msg) {
    if (state.seat && msg.name === state.seat.name) announce('You are now the host of this room.');
  },

  countdown(msg) {
    newGame();
    show('countdown');
    startCountdown(msg.seconds * 1000);
    announce('Get ready! The race starts in ' + msg.seconds + ' seconds.');
  },

  question(msg) {
    endHomeworkPause();
    const same = state.question && state.question.id === msg.id;
    if (!same && msg.round === 1) newGame();
    state.game = msg.game;
    if (!same) state.question = { id: msg.id, text: msg.text, answered: false, sending: false };
    $('question-round').textContent = 'Question ' + msg.round + ' of ' + msg.rounds;
    const q = $('question-text');
    const sentence = msg.text.endsWith('?');
    q.textContent = '';
    if (sentence) {
      q.textContent = msg.text;
    } else {
      // An expression stays on one line, sized to fit (--len), and "= ?" may go to the next.
      q.append(el('span', 'expr', msg.text), ' ', el('span', 'expr', '= ?'));
      // A short one is sized to fit whole, "= ?" included; a long one may put "= ?" below.
      q.style.setProperty('--len', msg.text.length <= 12 ? msg.text.length + 4 : msg.text.length);
    }
    q.dataset.id = msg.id;
    q.classList.toggle('sentence', sentence);
    $('round-results').hidden = true;
    show('question');
    startTimer('question', msg.time_ms);
    if (same && state.question.answered) return;         // a rejoin: the answer was in already
    $('feedback').hidden = true;
    const input = $('answer-input');
    const kind = answerKind(msg.game, msg.text);
    input.setAttribute('inputmode', kind.inputmode);
    $('answer-hint').textContent = kind.hint;
    input.value = '';
    input.readOnly = false;
    input.removeAttribute('aria-invalid');
    $('answer-send').disabled = false;
    $('answer-form').hidden = false;
    input.focus({ preventScroll: true });
    announce('Question ' + msg.round + ' of ' + msg.rounds + ': ' + spoken(questionText(msg.text)));
  },

  round_end(msg) {
    const me = state.seat && state.seat.name;
    const mine = (msg.results || []).find((r) => r.name === me);
    const ended = howItEnded(msg);
    stopTimer(ended);
    if (state.question) state.question.answered = true;
    $('answer-form').hidden = true;
    // No answer ends the streak, as on the server (whose round_end does not repeat it).
    if (mine && mine.ms === null) { state.streak = 0; showScore(); }
    // The answer has come: the wait for it is over.
    const detail = $('feedback').querySelector('.detail');
    if ($('feedback').dataset.state === 'wrong' && detail) detail.textContent = '';
    const answer = state.question && !state.question.text.endsWith('?')
      ? state.question.text + ' = ' + msg.answer_text
      : msg.answer_text;
    $('reveal').textContent = 'Answer: ' + answer;
    $('reveal').dataset.answer = msg.answer_text;
    fillResults($('results-table'), msg.results || [], me);
    const rank = fillStandings($('standings-table'), msg.standings, me, msg);
    fillTeams($('round-teams'), msg.teams);
    $('round-rank').textContent = rank.text;
    $('round-results').hidden = false;
    document.body.dataset.view = 'results';
    let said = ended + (ended.endsWith('!') ? ' ' : '. ') + 'The answer was ' + spoken(msg.answer_text) + '. ';
    if (mine) said += mine.correct ? 'You got it right. ' : (mine.ms === null ? 'You did not answer. ' : 'Yours was wrong. ');
    announce(said + rank.text);
  },

  // The teacher's answer to /comeback: the seat, with a new token kept as a join's, or no.
  let_in(msg) {
    const asked = state.comeback;
    state.comeback = null;
    delete document.body.dataset.comeback;
    $('comeback-number').hidden = true;
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
  pause(msg) { homeworkPause(msg); },

  board(msg) {
    endHomeworkPause();
    const same = state.board && state.board.level === msg.level && state.board.round === msg.round
      && document.body.dataset.view === 'board';
    if (!same && msg.round === 1) newGame();
    state.game = 'words';
    state.board = {
      id: msg.id, level: msg.level, round: msg.round,
      groups: msg.groups.map((text, id) => ({ id, text, gone: false })),
      clues: msg.clues.map((c) => Object.assign({}, c)),
    };
    state.built = [];
    $('board-round').textContent = 'Level ' + msg.round + ' of ' + msg.levels;
    $('board-round').dataset.key = msg.level + ':' + msg.round;
    $('level-results').hidden = true;
    document.querySelector('#view-board .puzzle').hidden = false;
    $('word-feedback').hidden = true;
    $('word-input').value = '';
    renderClues();
    renderGroups();
    show('board');
    startTimer('board', msg.time_ms);
    $('word-input').focus({ preventScroll: true });
    if (!same) announce('Level ' + msg.round + ' of ' + msg.levels + ': 7 clues, ' + msg.groups.length + ' letter groups.');
  },

  solved(msg) {
    const board = state.board;
    if (!board) return;
    const clue = board.clues.find((c) => c.n === msg.n);
    if (clue) { clue.word = msg.word; clue.solved_by = msg.name; clue.points = msg.points; }
    // Take one of each group off the board (a board may hold the same group twice),
    // preferring groups not in the word this student is building.
    const lost = [];
    for (const text of msg.groups || []) {
      const live = board.groups.filter((g) => !g.gone && g.text === text);
      const pick = live.find((g) => !state.built.includes(g.id)) || live[0];
      if (!pick) continue;
      pick.gone = true;
      if (state.built.includes(pick.id)) lost.push(pick.id);
    }
    if (lost.length) dropFromWord(lost, msg);
    renderClues();
    renderGroups();
    if (!state.seat || msg.name !== state.seat.name) announce(msg.name + ' solved ' + msg.word + '.');
  },

  level_end(msg) {
    stopTimer(howLevelEnded(msg));
    const me = state.seat && state.seat.name;
    if (state.board) state.board.clues = msg.clues.map((c) => Object.assign({}, c));
    renderClues();
    document.querySelector('#view-board .puzzle').hidden = false;
    $('word-form').hidden = true;
    $('groups').hidden = true;
    const mine = msg.clues.filter((c) => c.solved_by === me).map((c) => c.word);
    $('level-reveal').textContent = 'Level over! ' + (mine.length ? 'You solved ' + mine.join(', ') + '.' : 'You solved no word this time.');
    const rank = fillStandings($('level-standings'), msg.standings, me, msg);
    fillTeams($('level-teams'), msg.teams);
    $('level-rank').textContent = rank.text;
    $('level-results').hidden = false;
    document.body.dataset.view = 'level';
    announce('Level over. ' + rank.text);
  },

  game_end(msg, held) {
    if (!held && holdPodium(msg)) return;
    endHomeworkPause();
    stopTimer();
    const me = state.seat && state.seat.name;
    const rank = fillStandings($('final-standings'), msg.standings, me, msg, true);
    fillTeams($('final-teams'), msg.teams, true);
    $('final-rank').textContent = msg.homework ? homeworkPlace(msg.homework) : rank.text;
    $('final-title').textContent = msg.homework ? 'Homework done!' : 'Game over!';
    $('final-standings-title').textContent = msg.homework ? 'Everyone who has finished' : 'Final standings';
    const again = msg.homework && msg.homework.tries_left !== 0;
    $('final-next').textContent = !msg.homework ? 'Wait here: the host may start another game.'
      : again ? 'Try again to beat your score: your best try counts.' : 'You are done: well played!';
    $('try-again').hidden = !again;
    const podium = $('podium');
    podium.textContent = '';
    // The server's places 1 to 3, a shared place on one step (1, 1, 3: no second step).
    for (const place of [...new Set(msg.standings.map((r) => r.rank))].filter((rank) => rank <= 3)) {
      const rows = msg.standings.filter((r) => r.rank === place);
      const li = el('li', 'step step-' + place);
      if (rows.some((r) => r.name === me)) li.classList.add('me');
      li.append(el('span', 'step-place', ordinal(place)), el('span', 'step-name', rows.map((r) => r.name).join(', ')),
                el('span', 'step-score', fmt(rows[0].score)), el('span', 'step-block'));
      podium.append(li);
    }
    show('final');
    announce($('final-title').textContent + ' ' + $('final-rank').textContent);
  },

  kicked(msg) {
    saveSeat(null);
    state.ending = true;
    if (msg.banned) ended('banned', 'You were banned from room ' + msg.room, 'The host banned you from this room: you cannot join it again.');
    else ended('kicked', 'The host removed you from room ' + msg.room, 'You may join again under another name.', msg.room);
  },

  // The teacher opened the next room and this one closed: follow under the same name, with
  // nothing to type. The form stands behind, so a name taken there is said where it can be fixed.
  moved(msg) {
    // A student waiting to come back gets the new room's form with the name they asked for,
    // not sent: the seat's own device, following at once, keeps the name, and a classmate who
    // asked under it cannot race it there.
    const asked = state.comeback;
    state.comeback = null;
    delete document.body.dataset.comeback;
    $('comeback-number').hidden = true;
    if (!state.seat && asked) {
      showJoin(msg.to, asked.name);
      announce('Your class moved to room ' + msg.to + '.');
      return;
    }
    const name = state.seat ? state.seat.name : '';
    saveSeat(null);
    showJoin(msg.to, name);
    announce('Your class moved to room ' + msg.to + '.');
    if (!name) return;
    state.joining = { code: msg.to, name };
    $('join-button').disabled = true;
    commands.name(name);
  },

  bye(msg) {
    state.ending = true;
    const title = msg.reason === 'flood' ? 'Too many messages too fast' : 'Disconnected';
    ended(msg.reason, title, msg.message);
  },

  shutdown(msg) {
    state.ending = true;
    saveSeat(null);
    ended('shutdown', 'The server has stopped', msg.message);
  },

  chat: chatLine,

  teams(msg) { setTeams(msg.teams); },

  progress() {},   // for the host and watchers only
};

// Replies by the command they answer, events by their type; storage_failed (a reply to no
// command) is for the host only.
const dispatch = protocolDispatch({ replies, events, before: (msg) => { finalHold.before(msg.type); } });

// ---------------------------------------------------------------------------------------------
// The end of a round, and of the game

// The last round's results before the podium (line.js); a homework try ends at once (its
// rounds have their own pause).
const finalHold = podiumHold((msg) => { if (!state.ending) events.game_end(msg, true); });

function holdPodium(msg) {
  if (msg.homework || !['results', 'level'].includes(document.body.dataset.view)) return false;
  finalHold.hold(msg, state.gapMs);
  return true;
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

// The round closed with more than half a second left on the page's clock.
function closedEarly() {
  return Boolean(state.timerOf) && bars[state.timerOf].closedEarly();
}

// A classmate's word took groups out of the word this student is building: the groups still on
// the board stay in it, in their order, and the page says what went and why.
function dropFromWord(lost, msg) {
  if (state.seat && msg.name === state.seat.name) { clearWord(); return; }
  const input = $('word-input');
  const typed = input.value.replace(/\s+/g, '').toUpperCase();
  const tapped = state.built.map((id) => state.board.groups[id].text).join('');
  const before = typed.endsWith(tapped) ? typed.slice(0, typed.length - tapped.length) : '';
  const gone = lost.map((id) => state.board.groups[id].text);
  state.built = state.built.filter((id) => !lost.includes(id));
  input.value = before + state.built.map((id) => state.board.groups[id].text).join('');
  const fb = $('word-feedback');
  fb.hidden = false;
  fb.dataset.state = 'info';
  fb.dataset.points = '0';
  const said = msg.name + ' solved ' + msg.word + ': ' + gone.join(', ') + (gone.length === 1 ? ' is' : ' are')
    + ' gone from your word' + (input.value ? ', the rest is kept.' : '.');
  fb.textContent = said;
  announce(said);
}

// ---------------------------------------------------------------------------------------------
// Quiz answers

function questionText(text) {
  // A question ending in "?" is a sentence; any other is an expression, shown as TEXT = ?
  return text.endsWith('?') ? text : text + ' = ?';
}

// Which on-screen keyboard fits the answer: numbers get the decimal pad; a time or pace
// (m:ss) needs the colon, so it gets the text keyboard.
function answerKind(game, text) {
  if (game === 'pace' && /(pace per (km|mile)|: time)(, to the nearest second)?\?$/.test(text)) {
    return { inputmode: 'text', hint: 'A time: minutes:seconds, like 5:15 (or h:mm:ss).' };
  }
  if (game === 'money') {
    // Euros (and any amount written 6,90 €) take a decimal comma.
    const comma = /\d,\d\d €/.test(text);
    if (/what percent\?$/.test(text)) return { inputmode: 'decimal', hint: 'A percent, like 15.' };
    return { inputmode: 'decimal', hint: comma ? 'An amount with a comma for cents, like 7,20.' : 'An amount, like 7.20 (the symbol is optional).' };
  }
  return { inputmode: 'decimal', hint: '' };
}

// The answer form (Enter sends it)
$('answer-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = state.question;
  const input = $('answer-input');
  const text = input.value.trim();
  if (!q || q.answered || q.sending || !text) return;
  if (!commands.answer(text, q.id)) return;
  q.sending = true;
  input.readOnly = true;
  $('answer-send').disabled = true;
});

function quizAnswered(msg) {
  const q = state.question;
  if (q) { q.answered = true; q.sending = false; }
  state.score = msg.score;
  state.streak = msg.streak;
  showScore();
  const fb = $('feedback');
  fb.hidden = false;
  fb.dataset.state = msg.correct ? 'right' : 'wrong';
  fb.dataset.points = msg.points;
  fb.textContent = '';
  if (msg.correct) {
    fb.append(el('span', 'verdict', 'Right!'), el('span', 'points', '+' + fmt(msg.points)),
              el('span', 'detail', msg.streak > 1 ? 'Streak ' + msg.streak : ''));
    announce('Right! ' + fmt(msg.points) + ' points. Score ' + fmt(msg.score) + (msg.streak > 1 ? ', streak ' + msg.streak : '') + '.');
  } else {
    fb.append(el('span', 'verdict', 'Wrong'), el('span', 'points', '+0'),
              el('span', 'detail', 'The answer comes when time is up.'));
    announce('Wrong. Score ' + fmt(msg.score) + '.');
  }
  $('answer-form').hidden = true;
}

function quizRefused(msg) {
  const q = state.question;
  const input = $('answer-input');
  if (q) q.sending = false;
  if (msg.code === 'bad_answer' || msg.code === 'rate_limited') {
    // Not a number: the attempt is not used up.
    input.readOnly = false;
    $('answer-send').disabled = false;
    input.setAttribute('aria-invalid', 'true');
    $('answer-hint').textContent = msg.message;
    input.select();
    announce(msg.message);
    return;
  }
  if (q) q.answered = true;
  const fb = $('feedback');
  fb.hidden = false;
  fb.dataset.state = 'info';
  fb.dataset.points = '0';
  fb.textContent = msg.message;
  $('answer-form').hidden = true;
  announce(msg.message);
}

// ---------------------------------------------------------------------------------------------
// The word puzzle's board and word builder

function renderClues() {
  const list = $('clues');
  list.textContent = '';
  for (const c of state.board.clues) {
    // A level's end reveals the words nobody found: shown, but not as found.
    const li = el('li', c.word ? (c.solved_by ? 'clue solved' : 'clue missed') : 'clue');
    li.dataset.n = c.n;
    li.append(el('span', 'clue-n', c.n + '.'), el('span', 'clue-text', c.clue),
              el('span', 'clue-letters', c.letters + ' letters'));
    if (c.word) {
      const who = c.solved_by ? ' ' + c.solved_by + (c.points ? ' +' + fmt(c.points) : '') : ' (nobody)';
      li.append(el('span', 'clue-word', c.word), el('span', 'clue-by', who));
    }
    list.append(li);
  }
}

// Updates the board's buttons in place (a claim by someone else must not take a keyboard
// user's focus away): a button per group still on the board, disabled once tapped into the word.
function renderGroups() {
  const box = $('groups');
  box.hidden = false;
  $('word-form').hidden = false;
  const buttons = new Map([...box.querySelectorAll('button.group')].map((b) => [Number(b.dataset.id), b]));
  let refocus = false;
  for (const [id, b] of buttons) {
    const g = state.board.groups[id];
    if (!g || g.gone || g.text !== b.textContent) {
      if (b === document.activeElement) refocus = true;
      b.remove();
      buttons.delete(id);
    }
  }
  let previous = null;
  for (const g of state.board.groups) {
    if (g.gone) continue;
    let b = buttons.get(g.id);
    if (!b) {
      b = el('button', 'group', g.text);
      b.type = 'button';
      b.dataset.id = g.id;
      if (previous) previous.after(b); else box.prepend(b);
    }
    const used = state.built.includes(g.id);
    b.setAttribute('aria-pressed', used ? 'true' : 'false');
    b.disabled = used;
    previous = b;
  }
  if (refocus || document.activeElement === document.body) {
    const next = box.querySelector('button.group:not([disabled])');
    if (next && refocus) next.focus();
  }
}

$('groups').addEventListener('click', (e) => {
  const b = e.target.closest('button.group');
  if (!b || b.disabled) return;
  const id = Number(b.dataset.id);
  const group = state.board.groups[id];
  const input = $('word-input');
  if (!builtMatches()) state.built = [];
  input.value = input.value.replace(/\s+/g, '').toUpperCase() + group.text;
  state.built.push(id);
  const wasFocused = document.activeElement === b;
  renderGroups();
  // The tapped button is disabled now and cannot keep the focus: pass it to the next group.
  if (wasFocused || document.activeElement === document.body) {
    const next = b.nextElementSibling && !b.nextElementSibling.disabled ? b.nextElementSibling
      : $('groups').querySelector('button.group:not([disabled])');
    if (next) next.focus();
  }
});

// The tapped groups still spell the end of what the box holds (typing may have changed it).
function builtMatches() {
  const typed = $('word-input').value.replace(/\s+/g, '').toUpperCase();
  const tapped = state.built.map((id) => state.board.groups[id].text).join('');
  return typed.endsWith(tapped);
}

$('word-input').addEventListener('input', () => {
  if (!builtMatches()) { state.built = []; renderGroups(); }
});

$('word-back').addEventListener('click', () => {
  const input = $('word-input');
  if (state.built.length && builtMatches()) {
    const id = state.built.pop();
    input.value = input.value.replace(/\s+/g, '').toUpperCase().slice(0, -state.board.groups[id].text.length);
  } else {
    input.value = input.value.slice(0, -1);
  }
  renderGroups();
});

$('word-clear').addEventListener('click', () => { clearWord(); $('word-input').focus(); });
$('try-again').addEventListener('click', () => {
  $('try-again').hidden = true;
  state.again = true;
  commands.leave();
});

function clearWord() {
  state.built = [];
  $('word-input').value = '';
  if (state.board) renderGroups();
}

$('word-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const word = $('word-input').value.trim();
  if (!word || !state.board) return;
  commands.answer(word, state.board.id);
});

function wordAnswered(msg) {
  state.score = msg.score;
  showScore();
  const fb = $('word-feedback');
  fb.hidden = false;
  fb.dataset.state = msg.correct ? 'right' : 'wrong';
  fb.dataset.points = msg.points;
  fb.textContent = '';
  if (msg.correct) {
    const clue = state.board && state.board.clues.find((c) => c.n === msg.n);
    const word = $('word-input').value.replace(/\s+/g, '').toUpperCase();
    fb.append(el('span', 'verdict', 'Right!'), el('span', 'points', '+' + fmt(msg.points)),
              el('span', 'detail', word + (clue ? ' (clue ' + clue.n + ')' : '')));
    announce('Right! ' + word + ', ' + fmt(msg.points) + ' points. Score ' + fmt(msg.score) + '.');
  } else {
    fb.append(el('span', 'verdict', 'Not on the board'), el('span', 'points', '+0'));
    announce('Not on the board.');
  }
  clearWord();
}

function wordRefused(msg) {
  const fb = $('word-feedback');
  fb.hidden = false;
  fb.dataset.state = 'info';
  fb.dataset.points = '0';
  fb.textContent = msg.message;
  announce(msg.message);
  if (msg.code === 'already_solved') clearWord();
}

// ---------------------------------------------------------------------------------------------
// Results, standings and the podium
// A name the room already has: "Is this you?", and the teacher decides (no token typed).
function askComeback(code, name) {
  state.joining = null;
  state.comeback = { code, name };
  $('join-button').disabled = false;
  $('comeback-title').textContent = 'Is this you?';
  $('comeback-text').textContent = 'Someone called ' + name + ' is already in room ' + code + '.';
  $('comeback-help').hidden = false;
  $('comeback-number').hidden = true;
  $('comeback-ask').hidden = false;
  $('comeback-ask').disabled = false;
  $('comeback-other').textContent = 'No, pick another name';
  fieldError('comeback-error', '');
  document.body.dataset.comeback = 'asking';
  show('comeback');
  $('comeback-title').setAttribute('tabindex', '-1');
  $('comeback-title').focus();
}

$('comeback-ask').addEventListener('click', () => {
  if (!state.comeback) return;
  $('comeback-ask').disabled = true;
  commands.comeback(state.comeback.code, state.comeback.name);
});
$('comeback-other').addEventListener('click', () => {
  const asked = state.comeback;
  state.comeback = null;
  delete document.body.dataset.comeback;
  // A request still waiting goes when this connection joins anything else.
  showJoin(asked ? asked.code : '', '');
  if (asked) fieldError('join-name-error', 'Someone in room ' + asked.code + ' is already called ' + asked.name + '. Pick another name.');
  $('join-name').setAttribute('aria-invalid', 'true');
  $('join-name').focus();
});

// The pause after a homework round (protocol.md, Homework): a Next button with the seconds
// left, in the view the round's end is in; it goes when the next question, level or result comes.
function homeworkPause(msg) {
  const level = document.body.dataset.view === 'level';
  const box = $(level ? 'next-level' : 'next-question');
  const button = $(level ? 'next-level-button' : 'next-question-button');
  const left = $(level ? 'next-level-in' : 'next-question-in');
  const until = Date.now() + msg.ms;
  button.textContent = msg.last ? 'See my result' : level ? 'Next level' : 'Next question';
  button.disabled = false;
  button.onclick = () => { button.disabled = true; commands.next(); };
  box.hidden = false;
  const tick = () => {
    if (box.hidden) return;
    const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    left.textContent = s > 0 ? 'or wait ' + s + ' s' : '';
    if (s > 0) setTimeout(tick, 250);
  };
  tick();
  button.focus({ preventScroll: true });
  document.body.dataset.paused = 'yes';
}

function endHomeworkPause() {
  $('next-question').hidden = true;
  $('next-level').hidden = true;
  delete document.body.dataset.paused;
}

// The end of a homework try: the student's place among those who have finished, and what next.
function homeworkPlace(hw) {
  let text = hw.rank ? 'You are ' + ordinal(hw.rank) + ' of ' + hw.finished + ' who have finished'
                     : hw.finished + ' have finished';
  text += hw.counted ? '.' : ' (an earlier try of yours was better and counts).';
  if (hw.tries_left === 0) text += ' That was your last try.';
  else if (hw.tries_left !== null) text += ' You have ' + hw.tries_left + (hw.tries_left === 1 ? ' try' : ' tries') + ' left.';
  return text;
}


// Fills a standings table with the server's ranks as they are, and says where this student is.
function fillStandings(table, standings, me, msg, final) {
  const body = table.tBodies[0];
  body.textContent = '';
  let mine = null;
  for (const [i, row] of (standings || []).entries()) {
    // Rows left out before this one (a cut table's own row): its rank counts players ahead of
    // it that are not shown. A shared rank never exceeds the row's position in a whole table.
    if (row.rank > i + 1) {
      const gap = el('tr', 'gap');
      const td = el('td', '', '…');
      td.colSpan = 3;
      gap.append(td);
      body.append(gap);
    }
    const tr = el('tr', row.name === me ? 'me' : '');
    tr.append(el('td', 'num', ordinal(row.rank)), nameCell(row.name, me), el('td', 'num', fmt(row.score)));
    body.append(tr);
    if (row.name === me) mine = row;
  }
  const of = msg.players || (standings || []).length;
  const rank = msg.rank || (mine && mine.rank);
  if (mine) { state.score = mine.score; showScore(); }
  if (!rank || !mine) return { text: '' };
  const verb = final ? 'You finished ' : 'You are ';
  return { text: verb + ordinal(rank) + ' of ' + of + ' with ' + fmt(mine.score) + ' points.' };
}

// The team standings of round_end, level_end and game_end (a room with teams): the server's
// ranks and mean scores as they are; the student's team marked, the winners' at the podium.
function fillTeams(table, teams, final) {
  const body = table.tBodies[0];
  body.textContent = '';
  table.closest('section').hidden = !teams || !teams.length;
  for (const team of teams || []) {
    const tr = el('tr', team.name === state.myTeam ? 'me' : '');
    if (final && team.rank === 1) tr.classList.add('win');
    const name = el('td', 'name', team.name);
    if (team.name === state.myTeam) name.append(el('span', 'you', ' (yours)'));
    tr.append(el('td', 'num', ordinal(team.rank)), name, el('td', 'num', fmt(team.score)), el('td', 'num', String(team.members)));
    body.append(tr);
  }
}

function fillResults(table, results, me) {
  const body = table.tBodies[0];
  body.textContent = '';
  for (const r of results) {
    const tr = el('tr', r.name === me ? 'me' : '');
    const verdict = r.ms === null ? 'no answer' : (r.correct ? 'right' : 'wrong');
    tr.append(nameCell(r.name, me), el('td', 'verdict-' + verdict.replace(' ', '-'), verdict),
              el('td', 'num', '+' + fmt(r.points)), el('td', 'num', r.ms === null ? '—' : seconds(r.ms)));
    body.append(tr);
  }
}

function nameCell(name, me) {
  const td = el('td', 'name', name);
  if (name === me) td.append(el('span', 'you', ' (you)'));
  return td;
}

// ---------------------------------------------------------------------------------------------
// The time bar

// One bar a view; `state.timerOf` names the one running.
const bars = {
  question: timeBar($('question-bar'), $('question-time')),
  board: timeBar($('board-bar'), $('board-time')),
};

// Call it once the view is shown: a transition started in a hidden view would jump to its end.
function startTimer(which, ms) {
  stopTimer();
  state.timerOf = which;
  bars[which].start(ms);
}

// The round is over: the bar empties from where it is (at once with reduced motion), and the
// label says how it ended (`said`: "Time!" unless told otherwise).
function stopTimer(said) {
  clearTimeout(state.timer);
  state.timer = null;
  if (!state.timerOf) return;
  bars[state.timerOf].stop(said);
  state.timerOf = null;
}

// The countdown before the first question, second by second. It looks five times a second
// rather than once at each second's edge: a busy or throttled device runs timers late (Chrome
// aligns a page's timers to whole seconds when it is not in front), and a timer aimed at the
// edge could then land two seconds on and skip a number.
function startCountdown(ms) {
  stopTimer();
  const end = performance.now() + ms;
  const tick = () => {
    const left = Math.ceil((end - performance.now()) / 1000);
    const text = left > 0 ? 'The race starts in ' + left + (left === 1 ? ' second.' : ' seconds.') : 'Go!';
    if ($('countdown-text').textContent !== text) $('countdown-text').textContent = text;
    if (left > 0 && document.body.dataset.view === 'countdown') state.timer = setTimeout(tick, 200);
  };
  tick();
}

// ---------------------------------------------------------------------------------------------
// Views and helpers

function show(view) {
  for (const section of document.querySelectorAll('.view')) section.hidden = section.id !== 'view-' + view;
  document.body.dataset.view = view;
}

function showJoin(code, name) {
  stopTimer();
  $('status').hidden = true;
  $('join-code').value = code || '';
  $('join-name').value = name || '';
  $('join-button').disabled = false;
  fieldError('join-code-error', '');
  fieldError('join-name-error', '');
  show('join');
  (code ? $('join-name') : $('join-code')).focus();
}

function ended(reason, title, text, room) {
  state.ending = true;
  stopTimer();
  hideNotice();
  line.close();
  $('gone-title').textContent = title;
  $('gone-text').textContent = text || '';
  $('gone-again').dataset.room = room || (state.seat && state.seat.room) || $('join-code').value || '';
  document.body.dataset.ended = reason;
  show('gone');
  $('gone-title').setAttribute('tabindex', '-1');
  $('gone-title').focus();
  announce(title + '. ' + (text || ''));
}

$('gone-again').addEventListener('click', () => {
  state.ending = false;
  delete document.body.dataset.ended;
  saveSeat(null);
  showJoin($('gone-again').dataset.room, '');
});

function newGame() {
  state.score = 0;
  state.streak = 0;
  state.question = null;
  showScore();
}

function showScore() {
  $('status-score').textContent = fmt(state.score);
  $('status-streak').textContent = state.streak;
}

function renderLobby(count) {
  const list = $('lobby-players');
  list.textContent = '';
  for (const name of state.players) list.append(el('li', state.seat && name === state.seat.name ? 'me' : '', name));
  const n = count === undefined ? state.players.length : count;
  $('lobby-count').textContent = n === 1 ? '1 player' : n + ' players';
}

// The lobby's teams: each with its players and a button to join it (/team NAME).
function setTeams(teams) {
  state.teams = teams || [];
  const me = state.seat && state.seat.name;
  const mine = state.teams.find((t) => t.members.includes(me));
  if (mine) state.myTeam = mine.name;
  renderTeams();
}

function renderTeams() {
  $('status-team-item').hidden = !state.myTeam;
  $('status-team').textContent = state.myTeam || '';
  if (state.myTeam) $('my-team').textContent = 'You are on team ' + state.myTeam + '.';
  const list = $('team-list');
  list.textContent = '';
  const me = state.seat && state.seat.name;
  for (const team of state.teams) {
    const li = el('li', team.name === state.myTeam ? 'mine' : '');
    const button = el('button', '', team.name === state.myTeam ? team.name + ' ✓' : 'Join ' + team.name);
    button.type = 'button';
    button.dataset.team = team.name;
    button.setAttribute('aria-pressed', String(team.name === state.myTeam));
    button.addEventListener('click', () => commands.team(team.name));
    const names = el('p', 'team-members', team.members.length ? team.members.join(', ') : 'nobody yet');
    if (team.members.includes(me)) names.classList.add('has-me');
    li.append(button, names);
    list.append(li);
  }
}


// How a screen reader should say a question: "x" is times, "/" divided by, "-" minus.
function spoken(text) {
  return text.replace(/ x /g, ' times ').replace(/ \/ /g, ' divided by ').replace(/ - /g, ' minus ')
    .replace(/ = \?$/, ' equals what?');
}


// ---------------------------------------------------------------------------------------------
// The join form, and the start

$('join-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const code = $('join-code').value.replace(/\s+/g, '').toUpperCase();
  const name = $('join-name').value.trim();
  fieldError('join-code-error', '');
  fieldError('join-name-error', '');
  $('join-code').removeAttribute('aria-invalid');
  $('join-name').removeAttribute('aria-invalid');
  if (!code) { joinFailed('join-code-error', 'Type the room code your host shows.'); return; }
  if (!name) { joinFailed('join-name-error', 'Type your name.'); return; }
  $('join-code').value = code;
  state.joining = { code, name };
  state.ending = false;
  $('join-button').disabled = true;
  if (line.isOpen()) commands.name(name);
  else if (!line.ws) line.connect();
});

(function start() {
  const params = new URLSearchParams(location.search);
  const room = (params.get('room') || '').replace(/\s+/g, '').toUpperCase();
  let name = '';
  try { name = localStorage.getItem(NAME_KEY) || ''; } catch (e) { /* ignore */ }
  if (state.seat && (!room || room === state.seat.room)) {
    // A reload, or a tab that came back: take the seat back.
    $('join-code').value = state.seat.room;
    $('lobby-room').textContent = state.seat.room;
    $('lobby-text').textContent = 'Reconnecting…';
    show('lobby');
    notice('Reconnecting…');
    line.connect();
    return;
  }
  saveSeat(null);
  showJoin(room, name);
})();
