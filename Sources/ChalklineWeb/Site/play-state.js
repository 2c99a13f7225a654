// The student page's state. Only the handlers and the page's own controls change it, and every
// view is drawn from it (nothing is read back from the page), so a reconnect draws the same
// screen from the same state, as 2048's GameManager hands its grid to the actuator.
import { keptSeat } from './shared.js';

const nameStore = keptSeat('chalkline.name', ['localStorage']);   // the last name, for the form
const seatStore = keptSeat('chalkline.seat');       // sessionStorage: {room, token, name, digits}, for /rejoin

export const state = {
  view: 'join',            // join, names, pictures, comeback, lobby, countdown, question, results, board, level, final, gone
  ending: false,           // a shutdown, kick, ban or bye: do not reconnect
  again: false,            // homework's "Try again" sent /leave: then /join the same code
  joining: null,           // {code, name, digits, typed} while /names, /name and /join are under way
  asked: '',               // the code a /names is out for
  names: null,             // /names' answer: {room, class, codes, names: [{name, free}]}
  namesError: '',          // said above a class's names
  pick: null,              // {name, taps: [digits], error}: the picture pad
  comeback: null,          // {code, name, number, asked, error}: "Is this you?"
  seat: seatStore.load(),
  code: '',                // the last room code known (for "Join again")
  trouble: null,           // the connection's trouble, said above the page (a `say`)
  hostAway: null,          // {running} from host_away until `host`
  game: null,
  score: 0,
  streak: 0,
  room: null,              // {room, homework, running} from the join or rejoin
  players: [],
  count: undefined,        // players as the server counts them (joined, left)
  teamCount: 0,            // the room's teams= (0: no teams)
  teams: [],
  myTeam: null,
  teamError: '',
  gapMs: 3000,             // the room's gap=: how long a round's results stay up
  countdownMs: 0,
  question: null,          // the question event, with answered, sending, feedback, refused, chosen
  result: null,            // the round_end or level_end on show
  board: null,             // the board event, groups as [{id, text, gone}], and the word sent
  built: [],               // ids of the groups tapped into the word
  word: '',                // what the word box holds
  wordFeedback: null,
  pause: null,             // homework's pause: {last, until, sent}
  final: null,             // the game_end on show
  gone: null,              // {reason, title, text, room}: title and text are `say`s
  timerOf: null,           // the time bar running: question or board
  timer: null,             // the countdown's
  replies: 0,              // answers judged or refused (body's data-replies, for tests)
};

// A text kept in the state (i18n.js's `say`, which the teacher page uses too).
export { say } from './i18n.js';

export function saveSeat(seat) {
  state.seat = seat;
  seatStore.save(seat);
}

export const rememberName = nameStore.save;
export const lastName = () => nameStore.load() || '';

export const me = () => state.seat && state.seat.name;

// A countdown, or a game's first question or level: the score and streak start again.
export function newGame() {
  state.score = 0;
  state.streak = 0;
  state.question = null;
  state.final = null;
}

// A classmate's word took groups off the board: one of each (a board may hold a group twice),
// rather one not in this student's word. Returns the ids it took out of that word.
export function takeGroups(texts) {
  const lost = [];
  for (const text of texts || []) {
    const live = state.board.groups.filter((g) => !g.gone && g.text === text);
    const pick = live.find((g) => !state.built.includes(g.id)) || live[0];
    if (!pick) continue;
    pick.gone = true;
    if (state.built.includes(pick.id)) lost.push(pick.id);
  }
  return lost;
}

export const groupText = (id) => state.board.groups[id].text;
export const tapped = () => state.built.map(groupText).join('');
export const typedWord = () => state.word.replace(/\s+/g, '').toUpperCase();
// The tapped groups still spell the end of the box (typing may have changed it).
export const builtMatches = () => typedWord().endsWith(tapped());

// Multiple choice: the letter of choice `i` (A, B...), and how each button shows, from what was
// chosen, the verdict and the round's end (whose answer is the right choice's text):
// 'right', 'wrong', 'chosen' (sent, no verdict yet) or ''.
export const letter = (i) => String.fromCharCode(65 + i);
const folded = (text) => String(text).trim().toLowerCase();

export function choiceMarks() {
  const q = state.question;
  const end = state.result && state.result.id === q.id ? state.result : null;
  const mine = end && (end.results || []).find((r) => r.name === me());
  const meRight = (q.feedback && q.feedback.state === 'right') || Boolean(mine && mine.correct);
  const revealed = end ? [end.answer_text, end.answer].filter((a) => a !== undefined).map(folded) : [];
  return q.choices.map((text, i) => {
    const chosen = q.chosen === i;
    if (revealed.includes(folded(text)) || (chosen && meRight)) return 'right';
    if (chosen && (end || (q.feedback && q.feedback.state === 'wrong'))) return 'wrong';
    return chosen ? 'chosen' : '';
  });
}

// No more choosing: sent, judged, refused for good, or the round is over.
export const choicesLocked = () => {
  const q = state.question;
  return q.answered || q.sending || Boolean(state.result && state.result.id === q.id);
};
