// The Classes tab: the list, one class with its students, the picture-code cards. A change is
// /class lines sent one at a time; a long list as several /class add (a line is 1024 bytes at most).
import { $, el, setText, setHidden, setData, button } from './shared.js';
import { t } from './i18n.js';
import { tp, drawer, rowForm } from './desk-words.js';
import { picture, pictureWord } from './pictures.js';

// A line's bytes, as the server counts them, kept under its 1024 with room for the command.
const LINE_BYTES = 900;
const bytes = (text) => new TextEncoder().encode(text).length;
const folded = (name) => name.toLowerCase();

// The names of a pasted list: one a line; a space inside a name (a first and a last name)
// becomes -, as names have no spaces; a spreadsheet's tab too.
export function pastedNames(text) {
  const names = [];
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim().replace(/[\s,;]+/g, '-');
    if (name && !names.some((n) => folded(n) === folded(name))) names.push(name);
  }
  return names;
}

function addLines(className, names) {
  const lines = [];
  let current = '';
  for (const name of names) {
    const head = '/class add ' + className;
    if (current && bytes(current + ' ' + name) > LINE_BYTES) { lines.push(current); current = ''; }
    current = (current || head) + ' ' + name;
  }
  if (current) lines.push(current);
  return lines;
}

export function classes(page) {
  const { state } = page;
  state.cls = {
    open: null,        // the name of the class shown
    detail: null,      // /class list NAME's class: {name, codes, students: [{name, code}]}
    queue: [],         // lines still to send for the change under way
    busy: '',          // what the change under way does, for the status line
    status: '', error: '', newError: '',
    renaming: null,    // a student's name, or '' for the class itself
    removing: null,    // a student's name waiting for "Remove"
    deleting: false,   // the class's "Delete" waiting for yes
    cards: false,      // the card sheet shown
    formReset: 0,      // forms emptied after their change went through
    newFor: null,      // the new class being made (its errors show under its form)
    answered: 0,       // lines of the change under way the server took
  };
  const c = state.cls;

  const listAll = () => page.send('/class list');
  const listOne = (name) => page.send('/class list ' + name);

  function run(lines, busy, done) {
    Object.assign(c, { queue: lines.slice(), busy, error: '', status: '', done, answered: 0 });
    page.send(c.queue[0]);
  }

  const ok = {
    class(msg) {
      if (msg.action === 'list' && !msg.class) { state.classList = msg.classes || []; return; }
      if (msg.action === 'list') {
        if (c.open && folded(msg.class.name) === folded(c.open)) c.detail = msg.class;
        return;
      }
      if (msg.action === 'delete') { Object.assign(c, { open: null, detail: null, deleting: false, cards: false }); }
      else { c.detail = msg.class; c.open = msg.class.name; }
      c.queue.shift();
      c.answered += 1;
      if (c.queue.length) { page.send(c.queue[0]); return; }
      const done = c.done;
      Object.assign(c, { busy: '', done: null, renaming: null, removing: null });
      if (done) c.status = done(msg) || '';
      listAll();
    },
  };
  const error = {
    class(msg) {
      const change = c.queue.length > 0, newFor = c.newFor;
      Object.assign(c, { queue: [], busy: '', done: null, newFor: null });
      if (!change) {
        // The class shown is gone (deleted on another desk, or by a bot).
        if (msg.code === 'no_class') Object.assign(c, { open: null, detail: null, cards: false });
        c.error = msg.message;
        return;
      }
      if (newFor) c.newError = msg.message; else c.error = msg.message;
      // A new class refused at its first line was never made; otherwise show what was.
      if (newFor && !c.answered) Object.assign(c, { open: null, detail: null });
      listAll();
      if (c.open) listOne(c.open);
    },
  };

  function opened() {
    if (c.queue.length) c.error = t('desk.classes.dropped', {}, 'The connection dropped during the change: check the class below.');
    Object.assign(c, { queue: [], busy: '', done: null, newFor: null });
    listAll();
    if (c.open) listOne(c.open);
  }

  const drawList = drawer(([list, open]) => {
    const box = $('class-list');
    box.textContent = '';
    for (const k of list || []) {
      const li = el('li');
      const b = Object.assign(el('button', 'class-button'), { type: 'button' });
      b.dataset.name = k.name;
      b.setAttribute('aria-pressed', String(!!open && folded(open) === folded(k.name)));
      b.append(el('span', 'class-name', k.name), el('span', 'class-count', tp('desk.classes.n_students', k.students, '{count} student', '{count} students') + (k.codes ? ' · ' + t('desk.classes.codes', {}, 'codes') : '')));
      li.append(b);
      box.append(li);
    }
  });

  const drawStudents = drawer(([detail, renaming, removing, busy]) => {
    const body = $('class-students').tBodies[0];
    body.textContent = '';
    if (!detail) return;
    detail.students.forEach((s, i) => {
      const tr = el('tr');
      tr.dataset.name = s.name;
      const nameCell = el('td', 'name');
      if (renaming === s.name) {
        const input = Object.assign(el('input'), { value: s.name, maxLength: 16, autocomplete: 'off', spellcheck: false });
        nameCell.append(rowForm('student-rename', input, t('desk.classes.new_name_for', { name: s.name }, 'New name for {name}'), !!busy));
        requestAnimationFrame(() => { input.focus(); input.select(); });
      } else nameCell.textContent = s.name;
      const codeCell = el('td', 'code-cell');
      if (s.code) codeCell.append(...codePictures(s.code, 'small'));
      else codeCell.append(el('span', 'muted', detail.codes ? '—' : ''));
      const actions = el('td', 'row-actions');
      if (removing === s.name) {
        actions.append(el('span', 'confirm-text', t('desk.classes.remove_ask', { name: s.name }, 'Remove {name}?') + ' '), button(t('desk.classes.remove', {}, 'Remove'), 'small remove-yes danger', !!busy),
          button(t('desk.classes.keep', {}, 'Keep'), 'small remove-no', !!busy));
      } else if (renaming !== s.name) actions.append(button(t('desk.classes.rename', {}, 'Rename'), 'small rename', !!busy), button(t('desk.classes.remove', {}, 'Remove'), 'small remove', !!busy));
      tr.append(el('td', 'num', String(i + 1)), nameCell, codeCell, actions);
      body.append(tr);
    });
  });

  const drawCards = drawer(([detail, shown]) => {
    const grid = $('card-grid');
    grid.textContent = '';
    if (!detail || !shown) return;
    $('cards-title').textContent = t('desk.cards.title', { cls: detail.name }, 'Picture codes: class {cls}');
    for (const s of detail.students) {
      const li = el('li', 'card');
      li.dataset.name = s.name;
      li.append(el('p', 'card-class', t('desk.classes.class', { cls: detail.name }, 'Class {cls}')), el('p', 'card-name', s.name));
      const row = el('p', 'card-pictures');
      if (s.code) row.append(...codePictures(s.code, 'big'));
      else row.append(el('span', 'muted', t('desk.cards.no_code', {}, 'No code yet')));
      li.append(row);
      grid.append(li);
    }
  });

  function draw() {
    drawList([state.classList, c.open]);
    setHidden('class-none', !state.classList || state.classList.length > 0);
    const d = c.detail;
    setHidden('class-detail', !d);
    drawStudents([d, c.renaming, c.removing, c.busy]);
    drawCards([d, c.cards]);
    setHidden('cards', !(c.cards && d && state.teacher));
    setData(document.body, 'cards', c.cards && d ? 'yes' : null);
    if (d) {
      setText('class-title', t('desk.classes.class', { cls: d.name }, 'Class {cls}') + ' · ' + tp('desk.classes.n_students', d.students.length, '{count} student', '{count} students'));
      setHidden('class-rename', c.renaming !== '');
      setHidden('class-rename-show', c.renaming === '');
      setHidden('class-delete-confirm', !c.deleting);
      setText('class-delete-text', t('desk.classes.delete_ask', { cls: d.name }, 'Delete class {cls} and its list of students? Their games and homework stay in the reports.'));
      setText('class-codes-text', d.codes ? t('desk.classes.codes_on', {}, 'Picture codes are on: each student taps their three pictures when they join.')
        : t('desk.classes.codes_off', {}, 'Picture codes are off: a student taps their name to join. With codes, a classmate cannot answer as someone else.'));
      setHidden('codes-on', d.codes);
      setHidden('codes-new', !d.codes);
      setHidden('codes-off', !d.codes);
      $('class-cards-show').disabled = !d.codes;
    }
    for (const id of ['class-new-button', 'class-add-button', 'codes-on', 'codes-new', 'codes-off', 'class-delete', 'class-delete-yes', 'class-rename-show']) $(id).disabled = !!c.busy;
    setText('class-status', c.busy || c.status);
    setText('class-error', c.error);
    setText('class-new-error', c.newError);
    resetForms([c.formReset]);
  }

  const resetForms = drawer(() => { for (const id of ['class-new-name', 'class-new-names', 'class-add-names']) $(id).value = ''; });

  function open(name) {
    Object.assign(c, { open: name, detail: null, renaming: null, removing: null, deleting: false, status: '', error: '' });
    listOne(name);
    page.render();
  }

  $('class-list').addEventListener('click', (e) => { const b = e.target.closest('button[data-name]'); if (b) open(b.dataset.name); });

  $('class-new').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = $('class-new-name').value.trim();
    const names = pastedNames($('class-new-names').value);
    c.newError = '';
    let field = 'class-new-name';
    if (!name) c.newError = t('desk.classes.name_it', {}, 'Name the class (4B, Maths 2, …).');
    else if (/\s/.test(name)) c.newError = t('desk.classes.no_spaces', { name: name.replace(/\s+/g, '-') }, 'A class name has no spaces: {name} would do.');
    else if ((state.classList || []).some((k) => folded(k.name) === folded(name))) c.newError = t('desk.classes.exists', { cls: name }, 'There is a class {cls} already: open it to add students.');
    else if (!names.length) { c.newError = t('desk.classes.no_names', {}, 'Paste or type the students\' names, one a line.'); field = 'class-new-names'; }
    if (c.newError) { page.render(); $(field).focus(); return; }
    c.newFor = name;
    Object.assign(c, { open: name, detail: null });
    run(addLines(name, names), t('desk.classes.making', { cls: name }, 'Making class {cls}…'), (msg) => {
      c.newFor = null;
      c.formReset += 1;
      return tp('desk.classes.made', msg.class.students.length, 'Class {cls} is made, with {count} student.', 'Class {cls} is made, with {count} students.', { cls: msg.class.name });
    });
    page.render();
  });

  $('class-add').addEventListener('submit', (e) => {
    e.preventDefault();
    const names = pastedNames($('class-add-names').value);
    if (!c.detail || !names.length) return;
    run(addLines(c.detail.name, names), tp('desk.classes.adding', names.length, 'Adding {count} student…', 'Adding {count} students…'),
      () => { c.formReset += 1; return tp('desk.classes.added', names.length, '{count} student added.', '{count} students added.'); });
    page.render();
  });

  $('class-students').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    const tr = e.target.closest('tr');
    if (!b || !tr || !c.detail) return;
    const who = tr.dataset.name, k = c.detail.name;
    if (b.value === 'cancel') c.renaming = null;
    else if (b.classList.contains('rename')) Object.assign(c, { renaming: who, removing: null });
    else if (b.classList.contains('remove')) Object.assign(c, { removing: who, renaming: null });
    else if (b.classList.contains('remove-no')) c.removing = null;
    else if (b.classList.contains('remove-yes')) run(['/class remove ' + k + ' ' + who], t('desk.classes.removing', { name: who }, 'Removing {name}…'), () => t('desk.classes.removed', { name: who, cls: k }, '{name} is removed from class {cls}.'));
    page.render();
  });

  $('class-students').addEventListener('submit', (e) => {
    e.preventDefault();
    const tr = e.target.closest('tr');
    const to = e.target.querySelector('input').value.trim().replace(/\s+/g, '-');
    if (!tr || !c.detail) return;
    const from = tr.dataset.name;
    if (!to || to === from) { c.renaming = null; page.render(); return; }
    run(['/class rename ' + c.detail.name + ' ' + from + ' ' + to], t('desk.classes.renaming', { name: from }, 'Renaming {name}…'), () => t('desk.classes.renamed', { name: from, to }, '{name} is now {to}.'));
    page.render();
  });

  $('class-rename-show').addEventListener('click', () => {
    Object.assign(c, { renaming: '', removing: null });
    page.render();
    $('class-rename-input').value = c.detail.name;
    $('class-rename-input').focus();
  });
  $('class-rename-cancel').addEventListener('click', () => { c.renaming = null; page.render(); });
  $('class-rename').addEventListener('submit', (e) => {
    e.preventDefault();
    const to = $('class-rename-input').value.trim();
    const from = c.detail.name;
    if (!to || to === from) { c.renaming = null; page.render(); return; }
    run(['/class rename ' + from + ' ' + to], t('desk.classes.renaming_class', { cls: from }, 'Renaming class {cls}…'), () => t('desk.classes.renamed_class', { cls: from, to }, 'Class {cls} is now {to}.'));
    page.render();
  });

  $('class-delete').addEventListener('click', () => { c.deleting = true; page.render(); $('class-delete-no').focus(); });
  $('class-delete-no').addEventListener('click', () => { c.deleting = false; page.render(); });
  $('class-delete-yes').addEventListener('click', () => {
    const name = c.detail.name;
    run(['/class delete ' + name], t('desk.classes.deleting', { cls: name }, 'Deleting class {cls}…'), () => t('desk.classes.deleted', { cls: name }, 'Class {cls} is deleted.'));
    page.render();
  });

  const codes = {
    on: [() => t('desk.classes.giving', {}, 'Giving picture codes…'), () => t('desk.classes.given', {}, 'Every student has a picture code: print the cards.')],
    new: [() => t('desk.classes.renewing', {}, 'Making new codes…'), () => t('desk.classes.renewed', {}, 'Everyone has a new picture code: print the cards again.')],
    off: [() => t('desk.classes.stopping', {}, 'Turning codes off…'), () => t('desk.classes.stopped', {}, 'Picture codes are off.')],
  };
  for (const how of ['on', 'new', 'off']) {
    const [busy, said] = codes[how];
    $('codes-' + how).addEventListener('click', () => { run(['/class codes ' + c.detail.name + ' ' + how], busy(), said); page.render(); });
  }

  $('class-cards-show').addEventListener('click', () => { c.cards = true; page.render(); $('cards-print').focus(); });
  $('cards-back').addEventListener('click', () => { c.cards = false; page.render(); $('class-cards-show').focus(); });
  $('cards-print').addEventListener('click', () => window.print());

  return { ok, error, draw, opened };
}

function codePictures(code, size) {
  return [...code].map((d) => {
    const fig = el('span', 'code-picture ' + size);
    fig.append(picture(Number(d), false), el('span', 'code-word', pictureWord(Number(d)) + ' ' + d));
    return fig;
  });
}
