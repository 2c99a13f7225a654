// Question sets (view `sets`, from the create form): the server's sets (/sets), one opened in the
// editor (/sets show), saved or imported as set-file lines the server's one parser reads. The
// open set is `state.sets.doc`; every box writes its value there as it is typed, and `draw`
// puts the doc on the page.
import { $, el, setText, setHidden } from './shared.js';
import { t, num, drawer } from './host-words.js';
import { setLines } from './host-commands.js';
import { setQueue } from './host-sets-queue.js';
import { editorRow, setCSV, fileLines, packLines, pastedRows } from './host-sets-csv.js';

// Made when drawn, so each speaks the page's language of the moment.
const FROM = () => ({ builtin: t('host.sets.from_builtin', {}, 'with Chalkline'), folder: t('host.sets.from_folder', {}, 'server folder'),
                      saved: t('host.sets.from_saved', {}, 'saved here') });
const READONLY = () => ({ builtin: t('host.sets.readonly_builtin', {}, 'This set comes with Chalkline: it cannot be changed here. Make a copy to change it, or export it as CSV.'),
                          folder: t('host.sets.readonly_folder', {}, "This set is a file in the server's folder: it cannot be changed here. Make a copy to change it, or export it as CSV.") });
const FIELDS = () => [['question', t('host.sets.question', {}, 'Question'), t('host.sets.question', {}, 'Question')],
  ['answers', t('host.sets.answers', {}, 'Answers'), t('host.sets.answers_hint', {}, 'Answer | another')],
  ['choices', t('host.sets.choices', {}, 'Choices'), t('host.sets.choices_hint', {}, 'Choices (or none)')],
  ['time', t('host.sets.time', {}, 'Time'), t('host.sets.time_hint', {}, 'game')]];
const NAME = /^[A-Za-z0-9_-]{1,32}$/;
const questions = (n) => t('host.sets.count', { count: n }, n === 1 ? '{count} question' : '{count} questions');

export function sets(page) {
  const { state } = page;
  const s = state.sets;
  const queue = setQueue((line) => page.line.send(line));
  const readOnly = () => s.doc && (s.doc.source === 'builtin' || s.doc.source === 'folder');
  const row = (fields) => Object.assign({ id: s.nextId++ }, fields || { question: '', answers: '', choices: '', time: '' });
  // `rev` counts the changes: a save keeps what was typed while it went.
  const changed = () => { Object.assign(s.doc, { changed: true, rev: (s.doc.rev || 0) + 1 }); s.status = ''; };
  // Asked for once the server said `bad_password`; read when a line needs it, as the create form's.
  const pass = () => (s.passwordAsked ? $('sets-password').value : '');
  // Set names are one whatever their case (`/sets save` of Capitals replaces capitals).
  const same = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
  // A saved set of that name is replaced (asked first); a shipped or folder one the server refuses.
  const listed = (name) => (s.list || []).some((x) => x.source === 'saved' && same(x.name, name));

  function failed(msg, what) {
    s.busy = '';
    s.error = (what ? what + ': ' : '') + msg.message;
    if (msg.code === 'bad_password' && !s.passwordAsked) { s.passwordAsked = true; s.error = t('host.sets.password_needed', {}, 'This server asks for its password to open or change sets: type it below, then try again.'); }
    page.render();
  }

  function list() {
    queue.run([setLines.list()], (msg) => {
      if (msg.type === 'ok') Object.assign(s, { list: msg.sets, problems: msg.problems || [] }); else s.error = msg.message;
      page.render();
    });
  }

  function open(name) {
    if (!leave()) return;
    s.busy = t('host.sets.opening', { name }, 'Opening {name}…');
    s.error = '';
    queue.run([setLines.show(name, pass())], (msg) => {
      s.busy = '';
      s.doc = { name: msg.name, from: msg.name, source: msg.source, rows: msg.questions.map((q) => row(editorRow(q))), changed: false };
      s.status = questions(msg.questions.length) + '.';
      page.render();
      $('set-editor').scrollIntoView();
    }, (msg) => failed(msg, name));
  }

  // The lines of a set file, sent as `/sets new` ... `/sets save`; `saved` with the reply.
  function send(name, lines, saved, failedLine) {
    const packed = packLines(lines, setLines.add);
    if (packed.tooLong !== undefined) { s.busy = ''; failedLine(packed.tooLong + 1, t('host.sets.too_long', {}, 'too long to send (1,000 bytes at most a line). Nothing was saved.')); page.render(); return; }
    const all = [setLines.start(name, pass())].concat(packed.packed, [setLines.save()]);
    queue.run(all, (msg) => {
      s.busy = '';
      saved(msg);
      list();
      page.commands.catalog();            // the create form offers the new set
      page.render();
    }, (msg) => {
      // `line`: the set's line the server could not read; `reason`: why, in the page's language
      // and without the server's "line 12: " (the page names the question instead).
      if (!msg.line) { failed(msg); return; }
      s.busy = '';
      failedLine(msg.line, msg.reason || msg.message);
      page.render();
    });
    page.render();
  }

  function save() {
    const doc = s.doc;
    s.error = '';
    s.errorRow = null;
    if (!NAME.test(doc.name)) { s.error = t('host.sets.bad_name', {}, "The set's name: letters, digits, - and _, 32 at most (it is what set= takes)."); page.render(); return; }
    if (!same(doc.from, doc.name) && listed(doc.name) && !window.confirm(t('host.sets.replace', { name: doc.name }, 'Replace the set {name}?'))) return;
    const csv = setCSV(doc.rows);
    if (!csv.rows.length) { s.error = t('host.sets.empty_set', {}, 'Type a question and its answer first.'); page.render(); return; }
    // A record's line in the file: the header is line 1; a quoted line break takes two.
    const firstLine = [];
    let n = 2;
    for (const r of csv.rows) { firstLine.push(n); n += fileLines(setCSV([r]).text).length - 1; }
    s.busy = t('host.sets.saving', { name: doc.name }, 'Saving {name}…');
    const rev = doc.rev;
    send(doc.name, fileLines(csv.text), (msg) => {
      Object.assign(doc, { from: msg.name, source: 'saved', changed: doc.rev !== rev });
      s.status = t('host.sets.saved', { name: msg.name, questions: questions(msg.questions) }, 'Saved {name}: {questions}. Choose it on the create form (game quiz, set {name}).');
    }, (line, reason) => {
      const at = firstLine.findLastIndex((first) => first <= line);
      s.errorRow = at >= 0 ? csv.rows[at].id : null;
      s.error = at >= 0 ? t('host.sets.question_error', { n: doc.rows.indexOf(csv.rows[at]) + 1, reason }, 'Question {n}: {reason}')
        : t('host.sets.line_error', { n: line, reason }, 'Line {n}: {reason}');
    });
  }

  // A file's text goes to the server as it is, line by line: the same parser as a folder's.
  async function importFile(file) {
    let text;
    try { text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()); } catch (e) {
      s.error = t('host.sets.not_utf8', { file: file.name }, '{file} is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8".');
      page.render();
      return;
    }
    const name = file.name.replace(/\.(csv|tsv|txt)$/i, '').replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 32) || 'imported';
    if (listed(name) && !window.confirm(t('host.sets.replace_with', { name, file: file.name }, 'Replace the set {name} with {file}?'))) return;
    if (!leave()) return;
    Object.assign(s, { error: '', errorRow: null, status: '', busy: t('host.sets.importing', { file: file.name }, 'Importing {file}…') });
    send(name, fileLines(text), () => { s.doc = null; open(name); }, (line, reason) => { s.error = t('host.sets.file_error', { file: file.name, n: line, reason }, '{file}, line {n}: {reason}'); });
  }

  function leave() {
    return !(s.doc && s.doc.changed) || window.confirm(s.doc.name ? t('host.sets.drop', { name: s.doc.name }, 'Your changes to {name} are not saved. Drop them?')
      : t('host.sets.drop_new', {}, 'Your changes to this set are not saved. Drop them?'));
  }

  function remove(name) {
    if (!window.confirm(t('host.sets.confirm_delete', { name }, 'Delete the set {name}? Games already made with it go on.'))) return;
    queue.run([setLines.remove(name, pass())], () => {
      if (s.doc && same(s.doc.from, name)) Object.assign(s.doc, { from: null, source: 'new', changed: true });
      list();
      page.commands.catalog();
    }, (msg) => failed(msg, name));
  }

  // Rows pasted where the focus is: over an empty row, else after it (at the end outside a row).
  function paste(e) {
    if (readOnly()) return;
    const rows = pastedRows(e.clipboardData.getData('text/plain'));
    if (!rows) return;
    e.preventDefault();
    const tr = e.target.closest && e.target.closest('tr[data-id]');
    let at = tr ? s.doc.rows.findIndex((r) => String(r.id) === tr.dataset.id) : s.doc.rows.length;
    const here = s.doc.rows[at];
    const empty = here && !here.question && !here.answers && !here.choices && !here.time;
    if (!empty && tr) at += 1;
    s.doc.rows.splice(at, empty ? 1 : 0, ...rows.map((r) => row(r)));
    changed();
    s.status = t('host.sets.pasted', { count: rows.length }, rows.length === 1 ? 'One row pasted.' : '{count} rows pasted.');
    page.render();
  }

  const drawList = drawer(([list, problems, busy]) => {
    const body = $('sets-list').tBodies[0];
    body.replaceChildren();
    for (const x of list || []) {
      const tr = el('tr');
      tr.dataset.name = x.name;
      const name = el('td');
      const openButton = Object.assign(el('button', 'link', x.name), { type: 'button', disabled: busy });
      openButton.dataset.open = x.name;
      name.append(openButton);
      const act = el('td');
      if (x.source === 'saved') {
        const del = Object.assign(el('button', 'small danger', t('host.sets.delete', {}, 'Delete')), { type: 'button', disabled: busy });
        del.dataset.remove = x.name;
        del.setAttribute('aria-label', t('host.sets.delete_set', { name: x.name }, 'Delete {name}'));
        act.append(del);
      }
      tr.append(name, el('td', 'num', num(x.questions)), el('td', '', FROM()[x.source] || x.source), act);
      body.append(tr);
    }
    if (list) $('sets-list').dataset.count = list.length;     // for a test to wait on
    setText('sets-empty', list && !list.length ? t('host.sets.none', {}, 'No sets yet: make one with New set, or import a file.') : '');
    $('sets-problems').replaceChildren(...problems.map((p) => el('li', '', p.line ? t('host.sets.file_error', { file: p.file, n: p.line, reason: p.reason }, '{file}, line {n}: {reason}') : p.file + ': ' + p.reason)));
    setHidden('sets-problems-box', !problems.length);
  });

  // A row's cells are made once; a redraw moves rows and writes only what changed, so the
  // box being typed in keeps its focus and caret.
  function drawRows(doc, locked) {
    const body = $('editor-rows').tBodies[0];
    const focus = document.activeElement;
    const made = new Map([...body.rows].map((tr) => [tr.dataset.id, tr]));
    doc.rows.forEach((r, i) => {
      const tr = made.get(String(r.id)) || rowElement(r);
      made.delete(String(r.id));
      if (body.rows[i] !== tr) body.insertBefore(tr, body.rows[i] || null);
      const n = i + 1;
      if (tr.cells[0].textContent !== String(n)) tr.cells[0].textContent = n;
      for (const [field, label, hint] of FIELDS()) {
        const box = tr.querySelector('[data-field="' + field + '"]');
        if (box.value !== r[field]) box.value = r[field];
        box.readOnly = locked;
        if (box.placeholder !== (locked ? '' : hint)) box.placeholder = locked ? '' : hint;
        box.setAttribute('aria-label', label + ' ' + n);
      }
      tr.classList.toggle('bad', r.id === s.errorRow);
      for (const b of tr.querySelectorAll('button')) {
        b.hidden = locked;
        b.disabled = (b.dataset.act === 'up' && i === 0) || (b.dataset.act === 'down' && i === doc.rows.length - 1);
        b.setAttribute('aria-label', b.title + ' ' + n);
      }
    });
    for (const tr of made.values()) tr.remove();
    if (focus && focus !== document.activeElement && focus.isConnected) focus.focus();
  }

  function rowElement(r) {
    const tr = el('tr');
    tr.dataset.id = r.id;
    tr.append(el('td', 'num'));
    for (const [field] of FIELDS()) {
      const box = Object.assign(el('input'), { spellcheck: field === 'question', autocomplete: 'off' });
      if (field === 'time') box.inputMode = 'decimal';
      box.dataset.field = field;
      const td = el('td', 'cell-' + field);
      td.append(box);
      tr.append(td);
    }
    const act = el('td', 'row-actions');
    for (const [name, text, title] of [['up', '↑', t('host.sets.up', {}, 'Move up question')], ['down', '↓', t('host.sets.down', {}, 'Move down question')],
                                        ['delete', '✕', t('host.sets.delete_question', {}, 'Delete question')]]) {
      const b = Object.assign(el('button', 'small' + (name === 'delete' ? ' danger' : ''), text), { type: 'button', title });
      b.dataset.act = name;
      act.append(b);
    }
    tr.append(act);
    return tr;
  }

  function draw() {
    const doc = s.doc, locked = readOnly(), busy = queue.busy() || !!s.busy;
    drawList([s.list, s.problems, busy]);
    setHidden('set-editor', !doc);
    $('sets-new').disabled = busy;
    $('sets-import').classList.toggle('disabled', busy);
    $('sets-file').disabled = busy;
    setText('sets-busy', s.busy);
    setHidden('sets-password-field', !s.passwordAsked);
    setText('sets-error', doc ? '' : s.error);
    if (!doc) return;
    setText('editor-title', doc.source === 'new' && !doc.from ? t('host.sets.new_title', {}, 'A new set') : t('host.sets.set_title', { name: doc.from }, 'Set {name}'));
    setHidden('editor-readonly', !locked);
    setText('editor-readonly-text', locked ? READONLY()[doc.source] : '');
    const name = $('editor-name');
    if (name.value !== doc.name) name.value = doc.name;
    name.readOnly = locked;
    drawRows(doc, locked);
    for (const id of ['editor-add', 'editor-save', 'editor-paste-help']) setHidden(id, locked);
    $('editor-save').disabled = busy;
    $('editor-save').classList.toggle('primary', doc.changed || !doc.from);
    // Play it: the create form with the quiz and this set chosen, once the catalog offers it.
    const quiz = (state.catalog || []).find((k) => k.name === 'quiz');
    const set = quiz && quiz.options.find((o) => o.name === 'set');
    setHidden('editor-play', doc.changed || !(set && (set.choices || []).includes(doc.from)));
    setText('editor-error', s.error);
    setText('editor-status', s.status);
  }

  // Everything the teacher does writes to the doc, then draws.
  $('editor-rows').addEventListener('input', (e) => {
    const tr = e.target.closest('tr[data-id]');
    const r = tr && s.doc.rows.find((x) => String(x.id) === tr.dataset.id);
    if (!r || !e.target.dataset.field) return;
    r[e.target.dataset.field] = e.target.value;
    changed();
  });
  $('editor-rows').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-act]');
    if (!b) return;
    const rows = s.doc.rows, i = rows.findIndex((x) => String(x.id) === b.closest('tr').dataset.id);
    if (b.dataset.act === 'delete') rows.splice(i, 1);
    else {
      const j = b.dataset.act === 'up' ? i - 1 : i + 1;
      if (j < 0 || j >= rows.length) return;
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    changed();
    page.render();
    // A deleted row's neighbour takes the focus, so the keyboard stays in the table.
    if (b.dataset.act === 'delete') { const next = $('editor-rows').tBodies[0].rows[Math.min(i, rows.length - 1)]; if (next) next.querySelector('input').focus(); else $('editor-add').focus(); }
  });
  $('set-editor').addEventListener('paste', paste);
  $('editor-name').addEventListener('input', (e) => { s.doc.name = e.target.value.trim(); changed(); });
  $('editor-add').addEventListener('click', () => {
    s.doc.rows.push(row());
    changed();
    page.render();
    $('editor-rows').tBodies[0].lastElementChild.querySelector('input').focus();
  });
  $('editor-save').addEventListener('click', save);
  $('editor-play').addEventListener('click', () => {
    Object.assign(state, { kind: 'quiz', preset: { set: s.doc.from } });
    page.showCreate();
    page.render();
  });
  $('editor-copy').addEventListener('click', () => {
    Object.assign(s.doc, { name: (s.doc.from + '-copy').slice(0, 32), from: null, source: 'new', changed: true });
    s.status = t('host.sets.copied', {}, 'A copy: give it a name, change it, then save it.');
    page.render();
    $('editor-name').focus();
  });
  // The CSV is made from the doc when the link is clicked: the download is what the editor shows.
  $('editor-export').addEventListener('click', (e) => {
    const link = e.currentTarget, csv = setCSV(s.doc.rows).text;
    if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = (s.doc.name || 'questions') + '.csv';
  });
  $('editor-close').addEventListener('click', () => {
    if (!leave()) return;
    Object.assign(s, { doc: null, error: '', errorRow: null, status: '' });
    page.render();
  });
  $('sets-list').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b && b.dataset.open) open(b.dataset.open);
    if (b && b.dataset.remove) remove(b.dataset.remove);
  });
  $('sets-new').addEventListener('click', () => {
    if (!leave()) return;
    Object.assign(s, { doc: { name: '', from: null, source: 'new', rows: [row()], changed: false }, error: '', errorRow: null, status: '' });
    page.render();
    $('editor-name').focus();
  });
  $('sets-file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    e.target.value = '';                 // the same file can be chosen again
    if (file) importFile(file);
  });
  $('sets-password-field').addEventListener('submit', (e) => { e.preventDefault(); if (s.doc && !readOnly()) save(); });
  $('sets-show').addEventListener('click', () => { state.view = 'sets'; list(); page.render(); });
  $('sets-back').addEventListener('click', () => { page.showCreate(); page.render(); });

  return {
    draw, reply: queue.reply,
    // A new connection: the list again, and a save cut off starts over.
    reconnected() { queue.restart(); if (state.view === 'sets') list(); },
  };
}
