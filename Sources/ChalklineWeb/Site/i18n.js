// The pages' words: the server's catalogs (Locales/CODE.po) as /lang/CODE.json. The HTML holds
// the English text, so a page whose catalog cannot load still reads; `data-t` names the key
// (and data-t-placeholder, data-t-title, data-t-aria-label the attributes') for `translate`.
const STORE = 'chalkline.lang';
let cat = null;
let numbers = new Intl.NumberFormat('en');
const listeners = [];
let switches = 0;           // the switcher's choices so far: a later one wins over an earlier load

// The languages to try, best first: the one chosen on this device, then the browser's.
function wanted() {
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (e) { /* private mode: not remembered */ }
  const list = [stored, ...(navigator.languages || [navigator.language])].filter(Boolean)
    .map((l) => l.toLowerCase().split(/[-_]/)[0]);
  return [...new Set([...list, 'en'])];
}

async function fetchCatalog(code) {
  const r = await fetch('/lang/' + encodeURIComponent(code) + '.json');
  return r.ok ? r.json() : null;
}

function use(next) {
  cat = next;
  numbers = new Intl.NumberFormat(cat.code);
  document.documentElement.lang = cat.code;
  translate(document);
  listeners.forEach((fn) => fn(cat.code));
}

// Loads the best language there is; resolves with its code ('en' when nothing loads). A
// switch made while it loads wins: the catalog that comes late is not used over it.
export async function loadLanguage() {
  const asked = switches;
  for (const code of wanted()) {
    try {
      const found = await fetchCatalog(code);
      if (asked !== switches) return language();
      if (found) { use(found); return found.code; }
    } catch (e) { break; }   // offline or refused: the HTML's English stays
  }
  return 'en';
}

// What both pages start with: the language, but a catalog slow to come (a busy school Wi-Fi, a
// proxy holding the request) does not hold the page. After `ms` the page starts in English;
// when the catalog comes, `use` turns it to the language and `onLanguage` redraws the views.
export function startLanguage(ms = 3000) {
  return Promise.race([loadLanguage(), new Promise((done) => { setTimeout(() => done(language()), ms); })]);
}

// Switch now and remember it on this device (the switcher's choice beats the browser's).
export async function chooseLanguage(code) {
  try { localStorage.setItem(STORE, code); } catch (e) { /* not remembered */ }
  const asked = ++switches;
  const found = await fetchCatalog(code);
  if (found && asked === switches) use(found);
}

// `fn(code)` runs after every language change, so a view can draw itself again.
export function onLanguage(fn) { listeners.push(fn); }

export const language = () => (cat ? cat.code : 'en');
export const languages = () => (cat ? cat.languages : [{ code: 'en', name: 'English' }]);

function form(key, count) {
  const forms = cat && cat.texts[key];
  if (forms === undefined) return null;
  if (!Array.isArray(forms)) return forms;
  const n = Math.abs(Math.trunc(count || 0));
  return forms[cat.plural[n < 200 ? n : 100 + (n % 100)]] ?? forms[forms.length - 1];
}

function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in args)) return whole;
    const v = args[name];
    return typeof v === 'number' ? numbers.format(v) : String(v);
  });
}

// The text of `key` with its {placeholders} filled; `fallback` (the HTML's English) when no
// catalog has loaded, else the key itself, so a missing text shows as a bug and not a blank.
// A plural's fallback is its two English forms, [one, other].
export function t(key, args = {}, fallback = key) {
  const text = form(key, args.count) ?? (Array.isArray(fallback) ? fallback[args.count === 1 ? 0 : 1] : fallback);
  return fill(text, args);
}

// A text kept in a page's state: the page's own as [key, args, English] (drawn again in the
// language of the moment), or the server's `message` as it came.
export const say = (words) => (Array.isArray(words) ? t(...words) : words || '');

// `t` with the form for `count` ("1 player", "2 players"), which also fills {count}.
export function tn(key, count, args = {}, fallback = key) { return t(key, { ...args, count }, fallback); }

// 1st / 1er / 1. (English's when no catalog loaded.)
const englishOrdinal = new Intl.PluralRules('en', { type: 'ordinal' });
export function ordinal(n) {
  if (!cat) return n + ({ one: 'st', two: 'nd', few: 'rd' }[englishOrdinal.select(n)] || 'th');
  const i = cat.ordinal[Math.abs(n) < 200 ? Math.abs(n) : 100 + (Math.abs(n) % 100)];
  return fill(cat.texts['number.ordinal.' + i] ?? '{n}', { n });
}

// A number as the language writes it (Intl): 1,234.5 / 1 234,5 / 1.234,5.
export const num = (n, options) => (options ? new Intl.NumberFormat(language(), options).format(n) : numbers.format(n));

// Applies the catalog to `root`'s marked elements (their English stays where a key is missing).
export function translate(root) {
  if (!cat) return;
  root.querySelectorAll('[data-t]').forEach((e) => { const v = form(e.dataset.t); if (v !== null) e.textContent = v; });
  for (const attr of ['placeholder', 'title', 'aria-label']) {
    root.querySelectorAll('[data-t-' + attr + ']').forEach((e) => {
      const v = form(e.getAttribute('data-t-' + attr));
      if (v !== null) e.setAttribute(attr, v);
    });
  }
}

// Fills a <select> with the languages and switches on change.
export function languageSwitcher(select) {
  const draw = () => {
    select.textContent = '';
    for (const l of languages()) {
      const o = document.createElement('option');
      o.value = l.code; o.textContent = l.name; o.selected = l.code === language();
      select.append(o);
    }
  };
  draw();
  onLanguage(draw);
  select.addEventListener('change', () => chooseLanguage(select.value));
}
