// The desk's words, numbers and dates in the page's language. Each key's English is beside it in
// the code: a desk whose catalog has not loaded still reads.
import { drawer as drawOnce, inlineForm } from './shared.js';
import { t, num, language } from './i18n.js';

// `t` for a count; `one` and `many` in English.
export const tp = (key, count, one, many, args = {}) => t(key, { ...args, count }, count === 1 ? one : many);

// 2.5 s / 2,5 s; 80% / 80 %; a dash for nothing.
export const secs = (ms) => (ms === null || ms === undefined ? '—' : num(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + ' s');
export const pct = (v) => (v === null || v === undefined ? '—' : num(Math.round(v * 100) / 100, { style: 'percent' }));

// shared.js's drawer, drawing again after a language switch.
export function drawer(draw) {
  const once = drawOnce(([, data]) => draw(data));
  return (data) => once([language(), data]);
}

// English dates stay British ("23 Nov"), as before.
const locale = () => (language() === 'en' ? 'en-GB' : language());

// "2026-11-23" as "23 Nov" / "23 nov." / "23. Nov.".
export function shortDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || '');
  if (!m) return String(iso || '');
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(+m[1], m[2] - 1, +m[3]));
}

export const localTime = (iso) => (iso ? new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)) : '—');

// The server's YYYY-MM-DDTHH:MM (a due time, the server's zone) as the language writes it.
export function serverTime(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text || '');
  if (!m) return String(text || '');
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
    .format(Date.UTC(+m[1], m[2] - 1, +m[3], +m[4], +m[5]));
}

export function rowForm(className, input, label, busy) {
  const form = inlineForm(className, input, label, busy);
  const [save, cancel] = form.querySelectorAll('button');
  save.textContent = t('desk.save', {}, 'Save');
  cancel.textContent = t('desk.cancel', {}, 'Cancel');
  return form;
}
