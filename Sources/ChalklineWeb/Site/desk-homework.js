// The Homework tab: set it (the game's options from /catalog, drawn as /host's), follow the open
// ones (counts move on `homework` events), close or extend, the past ones and a report with its CSV.
import { $, el, setText, setHidden, button } from './shared.js';
import { t, num } from './i18n.js';
import { drawer, rowForm, serverTime as shownTime } from './desk-words.js';
import { renderOptions, optionValues } from './host-create.js';
import { drawParts, csvLink } from './host-report.js';

// Options homework has no use for: it is played alone, at the student's own pace.
const LEAVE = ['teams', 'play', 'late', 'chat', 'board', 'names', 'gap'];
const pad = (n) => String(n).padStart(2, '0');
const localTime = (d) => d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes());
// Tomorrow at 8:00, as a teacher sets most homework.
function tomorrowMorning() { const d = new Date(); d.setDate(d.getDate() + 1); d.setHours(8, 0, 0, 0); return localTime(d); }
// `due` a day later (read in the browser's zone only to count a day on).
function dayLater(due) { const d = new Date(due); if (isNaN(d)) return tomorrowMorning(); d.setDate(d.getDate() + 1); return localTime(d); }

export function homework(page) {
  const { state } = page;
  state.hw = {
    kind: null, klass: '',   // the form's game and class (what shows the adaptive box)
    formReset: 0, sending: null, error: '', status: '', zone: '',
    open: null,              // /assignments: the open homework
    past: null,              // /report assignments' rows
    listError: '',
    closing: null,           // a code whose "Close now" waits for yes
    extending: null,         // a code whose new due time is being typed
    report: null, csv: null, reportCode: null, reportError: '',
  };
  const h = state.hw;

  const askLists = () => { page.send('/assignments'); page.report('homework', '/report assignments'); };
  const selectedKind = () => (state.catalog || []).find((k) => k.name === h.kind);

  const ok = {
    name() { if (h.sending) page.send(h.sending); },
    assign(msg) {
      const klass = msg.class || (h.sent && h.sent.klass);
      const args = { code: msg.code, cls: klass, due: shownTime(msg.due) };
      Object.assign(h, { sending: null, error: '', zone: msg.zone || h.zone,
                         status: klass ? t('desk.hw.set_class', args, 'Homework {code} is set for class {cls}: students join with the code {code} before {due}.')
                           : t('desk.hw.set_done', args, 'Homework {code} is set: students join with the code {code} before {due}.') });
      h.formReset += 1;
      askLists();
    },
    assignments(msg) {
      if (Array.isArray(msg.assignments)) { h.open = msg.assignments; if (msg.assignments[0]) h.zone = msg.assignments[0].zone; h.listError = ''; return; }
      Object.assign(h, { closing: null, extending: null, listError: '',
                         status: msg.action === 'close' ? t('desk.hw.closed', { code: msg.code }, 'Homework {code} is closed: no new tries.')
                           : t('desk.hw.extended', { code: msg.code, due: shownTime(msg.due) }, 'Homework {code} is now due {due}.') });
      askLists();
    },
  };
  const error = {
    name(msg) { Object.assign(h, { sending: null, error: msg.message }); },
    assign(msg) { Object.assign(h, { sending: null, error: msg.message }); },
    assignments(msg) { h.listError = msg.message; },
  };
  const events = {
    homework(msg) {
      const row = (h.open || []).find((a) => a.code === msg.code);
      if (row) Object.assign(row, { started: msg.started, finished: msg.finished });
      else if (state.teacher) page.send('/assignments');
    },
  };

  function report(msg) {
    if (msg.type === 'error') {
      if (h.reportCode) h.reportError = msg.message; else h.listError = msg.message;
    } else if (msg.subject === 'assignments') h.past = msg.assignments || [];
    else if (msg.subject === 'assignment' && h.reportCode) {
      if (typeof msg.csv === 'string') h.csv = msg.csv; else h.report = msg;
    }
  }

  // /assign and /assignments need a name: the form's.
  const name = () => ($('hw-name').value.trim() || 'Teacher').replace(/\s+/g, '-');

  function opened() {
    if (!h.kind && state.catalog) h.kind = state.catalog[0].name;
    page.send('/name ' + name());
    askLists();
    if (h.reportCode) openReport(h.reportCode);
  }

  function openReport(code) {
    Object.assign(h, { reportCode: code, report: null, csv: null, reportError: '' });
    page.report('homework', '/report assignment ' + code);
    page.report('homework', '/report assignment ' + code + ' csv');
  }

  const drawKinds = drawer(([kinds]) => {
    const select = $('hw-kind');
    select.textContent = '';
    for (const k of kinds || []) select.append(Object.assign(el('option', '', k.name), { value: k.name }));
  });
  const drawClasses = drawer(([list]) => {
    const select = $('hw-class');
    select.textContent = '';
    select.append(Object.assign(el('option', '', t('desk.hw.no_class', {}, 'No class (students type a name)')), { value: '' }));
    for (const k of list || []) select.append(Object.assign(el('option', '', t('desk.hw.class_option', { cls: k.name, n: k.students }, 'Class {cls} ({n})')), { value: k.name }));
  });
  const drawOptions = drawer(([, kind]) => renderOptions(selectedKind(), {}, 'hw', LEAVE));
  const resetForm = drawer(() => { $('hw-due').value = tomorrowMorning(); $('hw-attempts').value = '1'; $('hw-adaptive').checked = false; });

  function drawRows(id, rows, cells, actions) {
    const body = $(id).tBodies[0];
    body.textContent = '';
    for (const a of rows || []) {
      const tr = el('tr');
      tr.dataset.code = a.code;
      const last = el('td', 'row-actions');
      last.append(...actions(a));
      tr.append(el('td', 'code', a.code), el('td', '', a.game || a.kind || ''), el('td', '', a.class || '—'), el('td', '', shownTime(a.due)), ...cells(a), last);
      body.append(tr);
    }
  }

  const drawOpen = drawer(([rows, closing, extending, busy]) => drawRows('hw-open', rows,
    (a) => [el('td', '', a.attempts === 'best' ? t('desk.hw.any', {}, 'any') : a.attempts), el('td', 'num hw-started', num(a.started)),
            el('td', 'num hw-finished', a.roster ? t('desk.hw.of', { n: a.finished, of: a.roster }, '{n} of {of}') : num(a.finished))],
    (a) => {
      const close = t('desk.hw.close', {}, 'Close now');
      if (closing === a.code) return [el('span', 'confirm-text', t('desk.hw.close_ask', {}, 'No new tries from now?') + ' '), button(close, 'small close-yes danger', busy), button(t('desk.hw.keep_open', {}, 'Keep open'), 'small close-no', busy)];
      if (extending === a.code) return [rowForm('extend-form', Object.assign(el('input'), { type: 'datetime-local', value: dayLater(a.due) }), t('desk.hw.new_due', { code: a.code }, 'New due time for {code}'), busy)];
      return [button(t('desk.hw.report', {}, 'Report'), 'small report'), button(t('desk.hw.extend', {}, 'Extend'), 'small extend', busy), button(close, 'small close', busy)];
    }));

  const drawPast = drawer(([rows]) => drawRows('hw-past', rows,
    (a) => [el('td', '', a.set_by || ''), el('td', 'num', num(a.started || 0)), el('td', 'num', num(a.finished || 0))],
    () => [button(t('desk.hw.report', {}, 'Report'), 'small report')]));

  const drawReport = drawer(([msg, code]) => {
    $('hw-report-parts').textContent = '';
    if (!code) return;
    $('hw-report-title').textContent = t('desk.hw.title', { code }, 'Homework {code}');
    if (msg) drawParts($('hw-report-parts'), msg);
  });
  const drawCSV = drawer(([csv, code]) => {
    const link = $('hw-report-csv');
    if (typeof csv !== 'string') { link.hidden = true; return; }
    csvLink(link, csv, 'chalkline-homework-' + code + '.csv');
  });

  function draw() {
    drawKinds([state.catalog]);
    if (!h.kind && state.catalog && state.catalog.length) h.kind = state.catalog[0].name;
    if ($('hw-kind').value !== (h.kind || '')) $('hw-kind').value = h.kind || '';
    const kind = selectedKind();
    setText('hw-kind-help', kind ? kind.summary : '');
    drawClasses([state.classList]);
    if (!(state.classList || []).some((k) => k.name === h.klass)) h.klass = '';
    if ($('hw-class').value !== h.klass) $('hw-class').value = h.klass;
    drawOptions([state.catalog, h.kind, h.formReset]);
    resetForm([h.formReset]);
    setHidden('hw-adaptive-field', !(h.kind === 'times' && h.klass));
    setText('hw-due-help', h.zone ? t('desk.hw.due_zone', { zone: h.zone }, 'In the server\'s time ({zone}).') : t('desk.hw.due_help', {}, 'In the server\'s time.'));
    $('hw-button').disabled = !!h.sending;
    setText('hw-error', h.error);
    setText('hw-status', h.status);
    setText('hw-list-error', h.listError);
    drawOpen([h.open, h.closing, h.extending, !!h.sending]);
    setHidden('hw-open-none', !h.open || h.open.length > 0);
    drawPast([h.past]);
    setHidden('hw-past-none', !h.past || h.past.length > 0);
    setHidden('hw-main', !!h.reportCode);
    setHidden('hw-report', !h.reportCode);
    drawReport([h.report, h.reportCode]);
    drawCSV([h.csv, h.reportCode]);
    setText('hw-report-error', h.reportError);
  }

  $('hw-kind').addEventListener('change', (e) => { h.kind = e.target.value; page.render(); });
  $('hw-class').addEventListener('change', (e) => { h.klass = e.target.value; page.render(); });

  $('hw-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const kind = selectedKind();
    h.error = '';
    const due = $('hw-due').value;
    if (!kind) h.error = t('desk.hw.no_catalog', {}, 'The list of games has not arrived yet.');
    else if (!due) h.error = t('desk.hw.no_due', {}, 'Say when it is due.');
    if (h.error) { page.render(); return; }
    const words = ['/assign', kind.name, 'due=' + due];
    if ($('hw-attempts').value !== '1') words.push('attempts=' + $('hw-attempts').value);
    if (h.klass) words.push('class=' + h.klass);
    if (h.klass && kind.name === 'times' && $('hw-adaptive').checked) words.push('adaptive=yes');
    for (const [o, v] of optionValues(kind, $('hw-form'))) words.push(o + '=' + v);
    h.sending = words.join(' ');
    h.sent = { klass: h.klass };
    h.status = '';
    page.send('/name ' + name());
    page.render();
  });

  $('hw-open').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    const tr = e.target.closest('tr');
    if (!b || !tr) return;
    const code = tr.dataset.code;
    if (b.classList.contains('report')) { openReport(code); page.render(); $('hw-report-title').focus(); return; }
    if (b.classList.contains('close')) Object.assign(h, { closing: code, extending: null });
    else if (b.classList.contains('close-no')) h.closing = null;
    else if (b.classList.contains('close-yes')) page.send('/assignments close ' + code);
    else if (b.classList.contains('extend')) Object.assign(h, { extending: code, closing: null });
    else if (b.value === 'cancel') h.extending = null;
    page.render();
  });
  $('hw-open').addEventListener('submit', (e) => {
    e.preventDefault();
    const tr = e.target.closest('tr');
    const due = e.target.querySelector('input').value;
    if (tr && due) page.send('/assignments extend ' + tr.dataset.code + ' due=' + due);
  });
  $('hw-past').addEventListener('click', (e) => {
    const b = e.target.closest('button.report');
    const tr = e.target.closest('tr');
    if (!b || !tr) return;
    openReport(tr.dataset.code);
    page.render();
    $('hw-report-title').focus();
  });
  $('hw-report-back').addEventListener('click', () => {
    const code = h.reportCode;
    Object.assign(h, { reportCode: null, report: null, csv: null, reportError: '' });
    page.render();
    const row = document.querySelector('#hw-open tr[data-code="' + code + '"] button.report, #hw-past tr[data-code="' + code + '"] button.report');
    if (row) row.focus();
  });

  return { ok, error, events, report, draw, opened };
}
