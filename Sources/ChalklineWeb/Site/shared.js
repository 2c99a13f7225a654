// What both pages share: helpers, the protocol's dispatch, the chat, a kept seat, the time bar.
// Nothing here knows a page's state: each page hands in its own tables and elements. Words come
// from i18n.js (keys `page.*`), numbers and places as the page's language writes them.
import { t, num, ordinal } from './i18n.js';

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export const $ = (id) => document.getElementById(id);
export const fmt = (n) => num(n);
export { ordinal };
export const seconds = (ms) => t('page.seconds', { s: num(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) }, '{s} s');

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label, className, disabled = false) {
  return Object.assign(el('button', className, label), { type: 'button', disabled });
}

// A row's small form: `input`, Save and Cancel (a button with value "cancel").
export function inlineForm(className, input, label, busy) {
  const form = el('form', 'inline-form ' + className);
  input.setAttribute('aria-label', label);
  form.append(input, Object.assign(el('button', 'primary', t('page.save', {}, 'Save')), { type: 'submit', disabled: busy }),
    Object.assign(button(t('page.cancel', {}, 'Cancel')), { value: 'cancel' }));
  return form;
}

// Writes that touch the page only when the value changes: a redraw from the same state leaves
// the page, its focus and its observers alone.
export function setText(id, text) { const node = $(id); if (node.textContent !== text) node.textContent = text; }
export function setHidden(id, hidden) { const node = $(id); if (node.hidden !== hidden) node.hidden = hidden; }
export function setData(node, key, value) {
  if (value === null || value === undefined) { if (key in node.dataset) delete node.dataset[key]; }
  else if (node.dataset[key] !== String(value)) node.dataset[key] = value;
}

// `draw(data)` when `data` differs from what it drew last: a list is rebuilt only when it
// changed, not under a click.
export function drawer(draw) {
  let last;
  return (data) => {
    const key = JSON.stringify(data);
    if (key === last) return;
    last = key;
    draw(data);
  };
}

export function notice(text) {
  const box = $('notice');
  box.textContent = text;
  box.hidden = false;
}
export function hideNotice() { $('notice').hidden = true; }
export function fieldError(id, text) { $(id).textContent = text; }

// Lines are added to #live, not replaced: a verdict, the round's end and the podium can come in
// the same instant, and each must be heard.
export function announce(text) {
  const live = $('live');
  live.append(el('p', '', text));
  while (live.children.length > 4) live.firstElementChild.remove();
}

// A reply goes to `replies.ok[cmd]` or `replies.error[cmd]` (else their `other`), one to no
// command (storage_failed) to `unasked`, an event to `events[type]` unless `before(msg)` says
// false (an unknown one is ignored, as protocol.md's Compatibility asks).
export function protocolDispatch({ replies, events, unasked = () => {}, before = () => true }) {
  return (msg) => {
    if (msg.type === 'ok' || msg.type === 'error') {
      if (msg.cmd === null) { unasked(msg); return; }
      const table = msg.type === 'ok' ? replies.ok : replies.error;
      (table[msg.cmd] || table.other)(msg);
      return;
    }
    if (before(msg) === false) return;
    const handler = events[msg.type];
    if (handler) handler(msg);
  };
}

export function chatLine(msg) {
  const log = $('chat-log');
  const li = el('li');
  li.append(el('strong', msg.host ? 'host' : '', msg.name + ': '), document.createTextNode(msg.text));
  log.append(li);
  while (log.children.length > 30) log.firstElementChild.remove();
  $('chat').hidden = false;
}

// A seat (or a name) kept under `key` in each storage named, read from the first. With cookies
// blocked even naming sessionStorage throws, in private mode using it may: the page works on,
// the seat lives as long as the page.
export function keptSeat(key, stores = ['sessionStorage']) {
  return {
    load() {
      try { return JSON.parse(window[stores[0]].getItem(key)) || null; } catch (e) { return null; }
    },
    save(seat) {
      try {
        for (const name of stores) {
          if (seat) window[name].setItem(key, JSON.stringify(seat)); else window[name].removeItem(key);
        }
      } catch (e) { /* storage blocked */ }
    },
  };
}

// A time bar: `bar` empties over `start(ms)` (one CSS transition, stepwise with reduced motion;
// start it once its view shows, or it jumps to the end) and `label` says `say(msLeft)`.
// `stop(said)` empties it from where it is, `said` ("Time!" unless told) in the label;
// `closedEarly()`: more than half a second was left.
export function timeBar(bar, label, say = (left) => t('page.time.left', { s: Math.ceil(left / 1000) }, '{s} s left')) {
  const clock = { running: false, end: 0, timer: null };
  clock.start = (ms) => {
    clock.stop(null);
    clock.running = true;
    clock.end = performance.now() + ms;
    bar.style.transition = 'none';
    bar.style.transform = 'scaleX(1)';
    bar.classList.remove('low');
    void bar.offsetWidth;                                   // start the transition from full
    if (!reducedMotion.matches && ms > 0) {
      bar.style.transition = 'transform ' + ms + 'ms linear';
      bar.style.transform = 'scaleX(0)';
    }
    const tick = () => {
      const left = Math.max(0, clock.end - performance.now());
      label.textContent = ms > 0 ? say(left) : '';
      if (reducedMotion.matches || ms <= 0) bar.style.transform = 'scaleX(' + (ms > 0 ? left / ms : 0) + ')';
      bar.classList.toggle('low', left < ms / 4);
      if (left > 0) clock.timer = setTimeout(tick, Math.min(1000, left % 1000 || 1000));
    };
    tick();
  };
  // `said` null: stop quietly (a new bar, a view left), the label as it is.
  clock.stop = (said) => {
    clearTimeout(clock.timer);
    clock.timer = null;
    if (!clock.running) return;
    clock.running = false;
    const scale = getComputedStyle(bar).transform;
    bar.style.transition = 'none';
    bar.style.transform = scale === 'none' ? 'scaleX(0)' : scale;
    void bar.offsetWidth;
    if (!reducedMotion.matches) bar.style.transition = 'transform .3s ease-out';
    bar.style.transform = 'scaleX(0)';
    if (said !== null) label.textContent = said || t('page.time.up', {}, 'Time!');
  };
  clock.closedEarly = () => clock.running && clock.end - performance.now() > 500;
  return clock;
}
