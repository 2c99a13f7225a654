// The connection, and the commands: each one line, false when the connection is not open.
import { serverLine } from './line.js';

// Set by play.js: the handlers import the commands, not the other way round.
export const listeners = { message() {}, closed() {} };
export const line = serverLine(listeners);
const send = (text) => line.send(text);

export const commands = {
  name(name) { return send('/name ' + name); },
  // A class's room: under a name of its list, and the student's three picture digits.
  join(code, name, digits) { return send('/join ' + code + (name ? ' ' + name : '') + (digits ? ' ' + digits : '')); },
  names(code) { return send('/names ' + code); },
  leave() { return send('/leave'); },
  rejoin(seat) { return send('/rejoin ' + seat.room + ' ' + seat.token); },
  // Names its question: a late one is refused, not judged against the next.
  answer(text, id) { return send('/answer id=' + id + ' ' + text); },
  // Homework: on before the pause is over.
  next() { return send('/next'); },
  // Back on another device: the host is asked for the seat.
  comeback(code, name) { return send('/comeback ' + code + ' ' + name); },
  team(name) { return send('/team ' + name); },
  teams() { return send('/teams'); },
};
