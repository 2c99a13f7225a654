// The create form, from /catalog, drawn from the state: what the teacher chooses goes into
// `state.values` as it is chosen, so a redraw (a language switch, a new catalog) shows it again.
import { $, el, setText, setHidden } from './shared.js';
import { t, drawer, say } from './host-words.js';
import { saveSeat } from './host-seat.js';

export function createForm(page) {
  const { state, commands } = page;

  const selectedKind = () => (state.catalog || []).find((k) => k.name === state.kind);
  // The values the form shows for the kind: the teacher's over the page's preset.
  const chosen = () => ({ ...state.preset, ...(state.values[state.kind] || {}) });

  // `words`: a `say` (the page's own [key, args, English], or the server's sentence).
  function failed(words, focus) {
    Object.assign(state, { pending: null, creating: false });
    if (focus === 'create-name') state.nameError = words; else state.createError = words;
    page.render();
    if (focus) $(focus).focus();
  }

  const sendCreate = () => { const p = state.pending; return commands.create(p.kind, p.options, p.password); };

  const ok = {
    // Asked again on every connection (a form half filled in when the Wi-Fi blinked is kept),
    // and after a set is saved (the quiz's set= offers it): the kind chosen stays.
    catalog(msg) {
      if (!msg.kinds.some((k) => k.name === state.kind)) state.kind = msg.kinds.length ? msg.kinds[0].name : null;
      state.catalog = msg.kinds;
      state.catalogs += 1;        // how many catalogs have come: something a test can wait on
    },
    name() { if (state.pending) sendCreate(); },
  };
  const error = {
    name(msg) { failed(msg.message, 'create-name'); },
    create(msg) {
      if (msg.code !== 'bad_password') { failed(msg.message); return; }
      const asked = state.passwordAsked;
      state.passwordAsked = true;
      failed(asked ? msg.message : ['host.create.password_needed', {}, 'This server needs a password to create a room.'], 'create-password');
    },
  };

  const drawKinds = drawer(([kinds]) => {
    const box = $('create-kinds');
    for (const old of box.querySelectorAll('.kind')) old.remove();
    for (const kind of kinds || []) {
      const label = Object.assign(el('label', 'kind'), { htmlFor: 'kind-' + kind.name });
      const radio = Object.assign(el('input'), { type: 'radio', name: 'kind', value: kind.name, id: label.htmlFor, checked: kind.name === state.kind });
      label.append(radio, el('span', 'kind-name', kind.name), el('span', 'kind-summary', t('option.' + kind.name + '.summary', {}, kind.summary)));
      box.append(label);
    }
  });
  // Every new room starts from the catalog's defaults (`formReset` counts the form's showings,
  // each of which empties `state.values`); what the teacher types is not in the key: a field
  // already shows it.
  const drawOptions = drawer(() => renderOptions(selectedKind(), chosen(), 'create', [], state.moreOpen));

  function draw() {
    drawKinds([state.catalog]);
    for (const radio of document.querySelectorAll('#create-kinds input')) { const on = radio.value === state.kind; if (radio.checked !== on) radio.checked = on; }
    drawOptions([state.catalog, state.kind, state.formReset, state.preset]);
    setHidden('create-move', !state.moving);
    setText('create-move', say(state.moveText));
    $('create-button').disabled = state.creating;
    setHidden('create-password-field', !state.passwordAsked);
    setText('create-error', say(state.createError));
    setText('create-name-error', say(state.nameError));
    const offered = state.offered;
    setHidden('resume-button', !offered);
    if (offered) setText('resume-button', state.moving ? t('host.create.back_to', { room: offered.room }, 'Back to room {room}') : t('host.create.take_back', { room: offered.room }, 'Take back room {room}'));
  }

  $('create-kinds').addEventListener('change', (e) => {
    if (e.target.name === 'kind') { state.kind = e.target.value; page.render(); }
  });

  // A value chosen goes into the state (a box of a list: the list with it on or off).
  function choose(e) {
    const kind = selectedKind();
    const field = e.target.closest('[data-option]');
    const o = kind && field && kind.options.find((x) => x.name === field.dataset.option);
    if (!o) return;
    const mine = state.values[kind.name] || (state.values[kind.name] = {});
    if (o.type !== 'list') { mine[o.name] = e.target.value; return; }
    const on = shownValue(o, chosen()[o.name]).split(',');
    mine[o.name] = o.choices.filter((c) => (c === e.target.value ? e.target.checked : on.includes(c))).join(',');
  }
  for (const id of ['create-options', 'create-more-options']) {
    $(id).addEventListener('input', choose);
    $(id).addEventListener('change', choose);
  }
  $('create-more').addEventListener('toggle', (e) => { state.moreOpen = e.target.open; });

  $('create-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const kind = selectedKind();
    state.createError = state.nameError = '';
    if (!kind) { failed(['host.create.no_catalog', {}, 'The list of games has not arrived yet.']); return; }
    const name = $('create-name').value.trim();
    if (!name) { failed(['host.create.no_name', {}, 'Type your name.'], 'create-name'); return; }
    const options = chosenOptions(kind, chosen());
    const chosenClass = page.chosenClass();
    if (chosenClass) options.push(['class', chosenClass]);
    state.pending = { name, kind: kind.name, options, password: state.passwordAsked ? $('create-password').value : '' };
    Object.assign(state, { ending: false, creating: true });
    // Still the host of the old room: /create from it takes its class along (they get `moved`).
    const sent = state.moving ? sendCreate() : commands.name(name);
    if (!sent && !page.line.ws) page.line.connect();
    page.render();
  });

  $('resume-button').addEventListener('click', () => {
    if (state.moving) { location.reload(); return; }
    if (!state.offered) return;
    state.seat = saveSeat(state.offered);
    page.claim();
  });

  $('watch-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const code = $('watch-code').value.replace(/\s+/g, '').toUpperCase();
    if (code) location.href = '/host?watch=' + encodeURIComponent(code);
  });

  return { ok, error, draw };
}

// A field per option, each showing `values[name]` when it is one it can show, else its start
// (see `shownValue`). The teacher at the projector usually does not play: play= starts at "no".
// The desk's homework form draws its own (`prefix` names its boxes, `leave` the options it has
// no use for) from the same code. `open`: the "more options" box open.
export function renderOptions(kind, values, prefix = 'create', leave = [], open = false) {
  const usual = $(prefix + '-options');
  const more = $(prefix + '-more');
  const moreBox = $(prefix + '-more-options');
  usual.textContent = '';
  moreBox.textContent = '';
  more.hidden = true;
  if (!kind) { more.open = false; return; }
  const shown = kind.options.filter((x) => !leave.includes(x.name));
  for (const o of shown.filter((x) => !x.more).concat(shown.filter((x) => x.more))) {
    if (o.more) more.hidden = false;
    const field = el('div', 'field option');
    field.dataset.option = o.name;
    field.dataset.type = o.type;
    const help = el('p', 'field-help', hintText(o, kind.name));
    help.id = 'opt-' + o.name + '-help';
    const value = shownValue(o, values[o.name]);
    const control = o.type === 'list' ? checks(o, kind.name, value) : o.type === 'choice' || o.type === 'bool' ? choices(o, value) : input(o, value);
    control.setAttribute('aria-describedby', help.id);
    if (o.type === 'list') field.append(control, help);
    else {
      control.id = 'opt-' + o.name;
      const label = el('label', '', optionLabel(o, kind.name));
      label.htmlFor = control.id;
      field.append(label, control, help);
    }
    (o.more ? moreBox : usual).append(field);
  }
  if (more.open !== (open && !more.hidden)) more.open = open && !more.hidden;
}

const initial = (o) => (o.name === 'play' && o.type === 'bool' ? false : o.default);
const choiceValues = (o) => (o.type === 'bool' ? (/^on, off$/.test(o.values) ? ['on', 'off'] : ['yes', 'no']) : o.choices);
const listDefault = (o) => String(o.default === null ? '' : o.default);

// What an option's control shows, as the control holds it (a list: its boxes on, joined by
// commas): `chosen` (the teacher's, or a value the page chose, as "Play this set" on the sets
// view does) when the control can show it, else the option's start.
export function shownValue(o, chosen) {
  const start = initial(o);
  if (o.type === 'list') return typeof chosen === 'string' ? chosen : listDefault(o);
  if (o.type === 'choice' || o.type === 'bool') {
    const values = choiceValues(o);
    if (values.includes(chosen)) return chosen;
    return o.type === 'bool' ? values[start ? 0 : 1] : String(start === null ? values[0] : start);
  }
  if (typeof chosen === 'string') return chosen;
  return start === null ? '' : String(start);
}

function choices(o, value) {
  const control = el('select');
  for (const c of choiceValues(o)) control.append(Object.assign(el('option', '', c), { value: c }));
  control.value = value;
  return control;
}

function checks(o, kind, value) {
  const control = el('fieldset', 'checks');
  control.append(el('legend', '', optionLabel(o, kind)));
  const on = value.split(',');
  for (const c of o.choices) {
    const label = el('label', 'check');
    label.append(Object.assign(el('input'), { type: 'checkbox', value: c, checked: on.includes(c) }), ' ' + c);
    control.append(label);
  }
  return control;
}

function input(o, value) {
  const control = el('input');
  if (o.type === 'int' || o.type === 'number') {
    control.type = 'number';
    control.step = o.type === 'int' ? '1' : 'any';
    if (o.min !== undefined && o.min !== null) control.min = o.min;
    if (o.max !== undefined && o.max !== null) control.max = o.max;
    control.inputMode = o.type === 'int' ? 'numeric' : 'decimal';
  }
  control.value = value;
  if (initial(o) === null && o.default_text) control.placeholder = o.default_text;
  return Object.assign(control, { spellcheck: false, autocomplete: 'off' });
}
// An option's words in the page's language: option.KIND.NAME.FIELD, else option.NAME.FIELD (the
// options every kind has), else the catalog's English.
const optionText = (o, kind, field, english) => t('option.' + kind + '.' + o.name + '.' + field, {}, t('option.' + o.name + '.' + field, {}, english));
const optionLabel = (o, kind) => optionText(o, kind, 'label', o.label || o.name);

// The catalog's line for people (`hint`), else its protocol help. play= is preset to no on this
// page, so its default is said as the page sets it.
function hintText(o, kind) {
  const preset = o.name === 'play' && o.type === 'bool' && o.default === true;
  const hint = o.hint && optionText(o, kind, 'help', o.hint);
  if (hint) return hint + (preset ? (/[.!?]$/.test(hint) ? ' ' : '. ') + t('host.create.play_preset', {}, 'Preset to no here: you run the projector.') : '');
  return o.help + (o.values ? ' (' + o.values + ')' : '')
    + (preset ? '; no on this page (you run the projector)' : (o.default_text ? '; default ' + o.default_text : ''));
}

// The options whose values (as `shownValue` holds them) differ from the server's defaults, as
// [name, value] pairs.
export function chosenOptions(kind, values) {
  return kind.options.map((o) => [o.name, sendValue(o, shownValue(o, values[o.name]))]).filter(([, v]) => v !== null);
}

// The options drawn in `root` (the desk's form) that differ from the server's defaults.
export function optionValues(kind, root) {
  const options = [];
  for (const o of kind.options) {
    const field = root.querySelector('[data-option="' + o.name + '"]');
    if (!field) continue;
    const shown = o.type === 'list' ? [...field.querySelectorAll('input:checked')].map((b) => b.value).join(',') : field.querySelector('input, select').value;
    const v = sendValue(o, shown);
    if (v !== null) options.push([o.name, v]);
  }
  return options;
}

// The option's value as the page would send it, or null to leave the server's default.
function sendValue(o, shown) {
  if (o.type === 'list') return shown === listDefault(o) ? null : shown || null;
  const v = shown.trim();
  if (o.type === 'bool') return (v === 'yes' || v === 'on') === (o.default === true) ? null : v;
  if (v === '') return null;
  if (o.type === 'number' && o.default !== null && Number(v) === Number(o.default)) return null;
  return v === String(o.default) ? null : v.replace(/\s+/g, '');
}
