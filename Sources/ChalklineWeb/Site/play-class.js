// Joining a class's room (protocol.md, Classes): every join asks `/names CODE` first; a room made
// for a class shows its names to tap (no typing, no look-alikes), then, where the class has
// picture codes, the nine pictures to tap three of, and sends `/join CODE NAME 374`. A room
// without a class goes on as before: `/name`, then `/join CODE`.
import { $, el, announce, fieldError, setText } from './shared.js';
import { t } from './i18n.js';
import { pictures, picture, pictureWord } from './pictures.js';
import { state, say } from './play-state.js';
import { show, showJoin, joinError, drawJoining, drawStatus, drawNotice } from './play-view.js';
import { line, commands } from './play-connection.js';

const folded = (name) => String(name).toLowerCase();
const known = (code) => state.names && state.names.room === code;
export const classRoom = (code) => known(code) && Boolean(state.names.class);
// A room code as typed ("qxrm ", "Q X R M") as the server spells it: what `/names` is asked for
// and what its reply's `room` is compared with.
export const typedCode = (text) => String(text).replace(/\s+/g, '').toUpperCase();

export const WRONG_PICTURES = ['play.pictures.wrong', {}, 'Those pictures are not yours. Try again or ask your teacher.'];

// The connection `state.asked` went on: a new one lost the question, so it is asked again.
let askedOn = null;
const inFlight = (code) => state.asked === code && askedOn === line.ws && line.isOpen();

function ask(code) {
  state.asked = code;
  askedOn = commands.names(code) ? line.ws : null;
  if (!askedOn && !line.ws) line.connect();
}

// Asks the room's names once (an unknown code counts as a wrong guess, as a /join's does);
// `again`: the list shown may be old.
export function askNames(code, again) {
  if (code && !(known(code) && !again) && !inFlight(code)) ask(code);
}

// The next step of `state.joining` ({code, name, digits, typed}), once its room's names are known.
// Also on `welcome`: what the last connection had under way goes again.
export function proceed() {
  const j = state.joining;
  if (!j) { if (state.asked && !inFlight(state.asked)) ask(state.asked); return; }
  if (!known(j.code)) { if (!inFlight(j.code)) ask(j.code); return; }
  const names = state.names;
  if (!names.class) {
    if (j.name) { commands.name(j.name); return; }
    state.joining = null;
    joinError('join-name-error', t('play.join.name.missing', {}, 'Type your name.'));
    return;
  }
  // A name typed on the form is not taken as it is: the child taps theirs on the list.
  const listed = !j.typed && names.names.find((n) => folded(n.name) === folded(j.name));
  state.joining = null;
  if (!listed) { showNames(); return; }
  if (names.codes && !j.digits) { openPad(listed.name); return; }
  state.joining = { code: j.code, name: listed.name, digits: j.digits || '' };
  drawPad();
  commands.join(j.code, listed.name, j.digits || '');
}

// From the form, a `?room=` link, "Join again": the names of a class's room known, its list;
// else the form (and the names asked, so a class's list replaces it before a name is typed).
export function startJoin(code, name) {
  if (classRoom(code)) { showNames(); askNames(code, true); return; }     // who plays may have changed
  showJoin(code, name);
  askNames(code);
}

export function showNames(error) {
  state.pick = null;
  state.namesError = error || '';
  state.room = null;
  drawNames();
  show('names');
  drawStatus();
  drawNotice();
  $('names-title').focus();
}

export function drawNames() {
  const n = state.names;
  const args = { class: n.class, room: n.room };
  setText('names-text', n.homework ? t('play.names.homework', args, 'Homework for class {class}, room {room}: tap your name.')
    : t('play.names.text', args, 'Class {class}, room {room}: tap your name.'));
  fieldError('names-error', say(state.namesError));
  const list = $('class-names');
  list.textContent = '';
  for (const student of n.names) {
    const button = el('button', 'class-name', student.name);
    button.type = 'button';
    button.dataset.name = student.name;
    if (!student.free) {
      button.disabled = true;
      button.append(el('span', 'taken', ' ' + t('play.names.playing', {}, '(playing)')));
    }
    list.appendChild(el('li')).append(button);
  }
}

function openPad(name) {
  state.pick = { name, taps: [], error: '' };
  drawPad();
  show('pictures');
  $('pictures-title').focus();
  announce(t('play.pictures.hi', { name }, 'Hi {name}!') + ' ' + t('play.pictures.help', {}, 'Tap your three pictures, in order.'));
}

// The three taps so far, the nine pictures (one tapped is used: a code has three different),
// Undo and Join. Drawn from `state.pick`; a join under way holds every button.
export function drawPad() {
  const pick = state.pick;
  if (!pick) return;
  const busy = Boolean(state.joining);
  setText('pictures-title', t('play.pictures.hi', { name: pick.name }, 'Hi {name}!'));
  const slots = $('code-slots');
  slots.textContent = '';
  for (let i = 0; i < 3; i += 1) {
    const digit = pick.taps[i];
    const slot = slots.appendChild(el('li', digit ? 'slot filled' : 'slot'));
    if (digit) slot.append(picture(digit, true)); else slot.append(el('span', 'sr-only', t('play.pictures.empty', {}, 'empty')));
  }
  for (const key of $('pad').children) {
    const used = pick.taps.includes(Number(key.dataset.digit));
    key.setAttribute('aria-pressed', String(used));
    key.disabled = busy || used || pick.taps.length === 3;
  }
  $('pad-undo').disabled = busy || !pick.taps.length;
  $('pad-go').disabled = busy || pick.taps.length < 3;
  fieldError('pictures-error', say(pick.error));
  drawJoining();
}

function tap(digit) {
  const pick = state.pick;
  if (!pick || state.joining || pick.taps.length === 3 || pick.taps.includes(digit)) return;
  pick.taps.push(digit);
  pick.error = '';
  drawPad();
  const left = 3 - pick.taps.length;
  announce(pictureWord(digit) + '. ' + (left ? t('play.pictures.more', { left }, '{left} more.') : t('play.pictures.go', {}, 'Now press Join.')));
  if (!left) $('pad-go').focus();
}

function undo() {
  const pick = state.pick;
  if (!pick || state.joining || !pick.taps.length) return;
  announce(t('play.pictures.undone', { picture: pictureWord(pick.taps.pop()) }, 'Took back {picture}.'));
  drawPad();
}

function go() {
  const pick = state.pick;
  if (!pick || state.joining || pick.taps.length < 3) return;
  state.joining = { code: state.names.room, name: pick.name, digits: pick.taps.join('') };
  drawPad();
  if (!commands.join(state.joining.code, pick.name, state.joining.digits) && !line.ws) line.connect();
}

function tapName(name) {
  if (state.joining) return;
  if (state.names.codes) { openPad(name); return; }
  state.joining = { code: state.names.room, name, digits: '' };
  if (!commands.join(state.joining.code, name, '') && !line.ws) line.connect();
}

// The answer to /names: the list, then the join under way goes on.
export function namesReceived(msg) {
  state.names = { room: msg.room, class: msg.class || null, codes: Boolean(msg.codes), homework: Boolean(msg.homework), names: msg.names || [] };
  if (state.asked === msg.room) state.asked = '';
  if (state.joining) { proceed(); return; }
  if (!state.names.class) return;
  if (state.view === 'join' && typedCode($('join-code').value) === msg.room) showNames();
  else if (state.view === 'names') showNames(state.namesError);
}

export function namesRefused(msg) {
  const code = state.asked;
  state.asked = '';
  // A server from before classes: every room is one without a class.
  if (msg.code === 'unknown_command') { namesReceived({ room: code, class: null, names: [] }); return; }
  const joining = state.joining;
  state.joining = null;
  if (state.view === 'names' || state.view === 'pictures') { showNames(msg.message); return; }
  if (state.view !== 'join') return;
  // Asked ahead (a link, the code typed): said beside the code, the focus left where it is.
  if (joining) joinError('join-code-error', msg.message); else { fieldError('join-code-error', msg.message); drawJoining(); }
}

// A /join of a class's room refused: the pictures again, or the list (asked again: a name may
// have been taken, or the teacher changed the class).
export function classJoinRefused(msg, asked) {
  const pick = state.pick;
  if (msg.code === 'wrong_code') {
    if (state.names) state.names.codes = true;           // codes turned on since the list came
    if (!pick) openPad(asked.name);
    state.pick.taps = [];
    state.pick.error = asked.digits ? WRONG_PICTURES : '';
    drawPad();
    announce(say(state.pick.error));
    return;
  }
  const why = msg.code === 'not_in_class' ? ['play.names.not_listed', { name: asked.name }, '{name} is not on your class\'s list. Ask your teacher.']
    : msg.code === 'rate_limited' ? ['play.names.too_many', {}, 'Too many tries. Wait a minute, then try again.'] : msg.message;
  if (pick && msg.code === 'rate_limited') { pick.error = why; drawPad(); return; }
  showNames(why);
  askNames(asked.code, true);
}

export function wireClass() {
  const pad = $('pad');
  for (const { digit, word } of pictures) {
    const key = el('button', 'pad-key');
    key.type = 'button';
    key.dataset.digit = digit;
    key.append(picture(digit), el('span', 'pad-word', word));
    key.setAttribute('aria-label', word);
    pad.append(key);
  }
  pad.addEventListener('click', (e) => { const key = e.target.closest('button[data-digit]'); if (key) tap(Number(key.dataset.digit)); });
  $('pad-undo').addEventListener('click', undo);
  $('pad-go').addEventListener('click', go);
  $('pad-back').addEventListener('click', () => showNames());
  $('class-names').addEventListener('click', (e) => { const b = e.target.closest('button[data-name]'); if (b) tapName(b.dataset.name); });
  $('names-back').addEventListener('click', () => { state.names = null; showJoin('', ''); });
  // A keyboard: the digits tap, Backspace takes one back.
  document.addEventListener('keydown', (e) => {
    if (state.view !== 'pictures' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[1-9]$/.test(e.key)) { tap(Number(e.key)); e.preventDefault(); }
    else if (e.key === 'Backspace') { undo(); e.preventDefault(); }
  });
}
