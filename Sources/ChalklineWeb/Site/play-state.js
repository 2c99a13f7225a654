// The student page's state: everything the screen shows is drawn from here (play-view.js,
// play-round.js, play-words.js), and only the handlers (play-handlers.js) and the page's own
// controls change it. Nothing is read back from the page: a reload or a reconnect draws the
// same screen from the same state, as 2048's GameManager hands its grid to the actuator.
import { keptSeat } from './shared.js';

export const NAME_KEY = 'chalkline.name';               // localStorage: the last name, to prefill the form
const seatStore = keptSeat('chalkline.seat');           // sessionStorage: {room, token, name}, for /rejoin

export const state = {
  view: 'join',            // the view shown: join, comeback, lobby, countdown, question, results, board, level, final, gone
  ending: false,           // a shutdown, kick, ban or bye: do not reconnect
  again: false,            // homework's "Try again" sent /leave: /join the same code when it is done
  joining: null,           // {code, name} while the join form's /name and /join are under way
  comeback: null,          // {code, name, number, asked, error} while "Is this you?" is shown or the teacher is asked
  seat: seatStore.load(),  // {room, token, name} once in a room
  code: '',                // the last room code this page knew (to offer "Join again")
  trouble: null,           // the connection's trouble, said above the page
  hostAway: null,          // host_away: {running} until the host is back
  game: null,              // times, words, arith, money, pace
  score: 0,
  streak: 0,
  room: null,              // what the join (or rejoin) said: {room, name, homework, running}
  players: [],             // names, for the lobby
  count: undefined,        // the players the server counts (joined, left), when told
  teamCount: 0,            // the room's teams= (0: a room without teams)
  teams: [],               // [{name, members}], the last /teams reply or teams event
  myTeam: null,            // this student's team's name
  teamError: '',           // a refused /team's message
  gapMs: 3000,             // the room's gap= (settings), how long a round's results stay up
  countdownMs: 0,          // the countdown's length, while it shows
  question: null,          // {id, round, rounds, text, game, answered, sending, feedback, refused}
  result: null,            // the round_end (or level_end) that closed the round, and how it ended
  board: null,             // {id, level, round, levels, groups: [{id, text, gone}], clues: [...]}
  built: [],               // ids of the groups tapped into the word being built
  word: '',                // what the word box holds (typed or tapped)
  wordFeedback: null,      // {state, points, text | parts} under the word form
  pause: null,             // homework's pause: {ms, last, until, sent}
  final: null,             // the game_end on show
  gone: null,              // {reason, title, text, room}: the connection ended for good
  timerOf: null,           // the time bar running: question or board
  timer: null,             // the countdown's timer
  replies: 0,              // answers judged or refused on this page (body's data-replies)
};

export function saveSeat(seat) {
  state.seat = seat;
  seatStore.save(seat);
}

export function rememberName(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch (e) { /* private mode */ }
}

export function lastName() {
  try { return localStorage.getItem(NAME_KEY) || ''; } catch (e) { return ''; }
}

export function me() { return state.seat && state.seat.name; }

// A new game (a countdown, or its first question or level): the score and streak start again.
export function newGame() {
  state.score = 0;
  state.streak = 0;
  state.question = null;
  state.final = null;
}

// A classmate's word took letter groups off the board: one of each, preferring groups not in
// the word this student is building (a board may hold the same group twice). Returns the ids
// taken out of the word being built.
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

// The tapped groups still spell the end of what the box holds (typing may have changed it).
export const builtMatches = () => typedWord().endsWith(tapped());
