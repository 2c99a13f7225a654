// The student page's connection (/ws, line.js) and every command it sends, in one object: each
// is one protocol line, and returns false when the connection is not open to take it.
import { serverLine } from './line.js';
import { dispatch, socketClosed } from './play-handlers.js';

export const line = serverLine({ message: (msg) => dispatch(msg), closed: (e) => socketClosed(e) });
const send = (text) => line.send(text);

export const commands = {
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
