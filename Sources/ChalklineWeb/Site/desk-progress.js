// The Progress tab: a class or one student over dates (/report class, /report player, DESIGN40.md's
// tables): needs help, the times grid, skills, words, the weekly trend, each student; each with its CSV.
import { $, el, setText, setHidden } from './shared.js';
import { t, translate } from './i18n.js';
import { tp, secs as time, pct, shortDate, drawer } from './desk-words.js';
import { reportTable, tableCSV, csvLink } from './host-report.js';
import { filterWords } from './desk-games.js';
import { timesGrid, gridLegend, weekBars } from './desk-grid.js';

export function progress(desk) {
  const { state } = desk;
  state.progress = { cls: '', roster: [], student: '', from: '', to: '', report: null, asked: false, error: '' };
  const p = state.progress;
  const root = $('tab-progress');
  root.append(frame());
  translate(root);

  function ask() {
    Object.assign(p, { report: null, error: '' });
    if (!p.cls) return;
    p.asked = true;
    const dates = filterWords({ from: p.from, to: p.to });
    desk.report('progress', p.student ? '/report player ' + p.student + ' class=' + p.cls + dates : '/report class ' + p.cls + dates);
  }

  $('progress-form').addEventListener('submit', (e) => e.preventDefault());
  $('progress-class').addEventListener('change', (e) => {
    Object.assign(p, { cls: e.target.value, student: '', roster: [] });
    ask();
    desk.render();
  });
  $('progress-student').addEventListener('change', (e) => { p.student = e.target.value; ask(); desk.render(); });
  $('progress-from').addEventListener('change', (e) => { p.from = e.target.value; ask(); desk.render(); });
  $('progress-to').addEventListener('change', (e) => { p.to = e.target.value; ask(); desk.render(); });
  $('progress-print').addEventListener('click', () => window.print());
  // A student's name opens their own progress.
  root.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-student]');
    if (!b) return;
    p.student = b.dataset.student;
    ask();
    desk.render();
    $('progress-title').focus();
  });

  function report(msg) {
    if (msg.type === 'error') { Object.assign(p, { error: msg.message, asked: false }); return; }
    Object.assign(p, { report: msg, asked: false });
    if (msg.subject === 'class' || msg.report === 'class') p.roster = (msg.students || []).map((s) => s.student);
  }

  function opened() { if (p.cls) ask(); }

  const drawChoices = drawer(([classes, cls, roster, student]) => {
    const c = $('progress-class');
    c.textContent = '';
    c.append(new Option(classes.length ? t('desk.progress.choose', {}, 'Choose a class') : t('desk.progress.no_classes', {}, 'No classes yet'), ''));
    for (const n of classes) c.append(new Option(n, n));
    c.value = cls;
    const s = $('progress-student');
    s.textContent = '';
    s.append(new Option(t('desk.progress.whole_class', {}, 'The whole class'), ''));
    for (const n of roster) s.append(new Option(n, n));
    s.value = student;
    s.disabled = !cls;
  });
  const drawReport = drawer(([msg]) => drawProgress($('progress-figures'), msg));

  function draw() {
    drawChoices([(state.classList || []).map((c) => c.name), p.cls, p.roster, p.student]);
    for (const [id, v] of [['progress-from', p.from], ['progress-to', p.to]]) if ($(id).value !== v) $(id).value = v;
    setText('progress-title', p.student ? (p.cls ? t('desk.progress.title_student_class', { name: p.student, cls: p.cls }, 'Progress: {name} ({cls})') : t('desk.progress.title_student', { name: p.student }, 'Progress: {name}'))
      : p.cls ? t('desk.progress.title_class', { cls: p.cls }, 'Progress: class {cls}') : t('desk.progress.title', {}, 'Progress'));
    setText('progress-status', p.asked ? t('desk.loading', {}, 'Loading…') : (p.cls ? '' : t('desk.progress.pick', {}, 'Choose a class to see its progress.')));
    setText('progress-error', p.error);
    setHidden('progress-print', !p.report);
    drawReport([p.report]);
  }

  return { report, opened, draw };
}


export function drawProgress(box, msg) {
  box.textContent = '';
  if (!msg) return;
  const isClass = msg.report === 'class' || msg.subject === 'class';
  const name = isClass ? (msg.class && msg.class.class) || 'class' : (msg.player && msg.player.player) || 'player';
  box.append(el('p', 'lead progress-summary', summary(msg, isClass)));
  // "answered 8, right 8, accuracy 80%" reads as a mistake without this note.
  box.append(el('p', 'field-help progress-note', accuracyNote()));
  if (isClass) box.append(figure('needs-help', t('desk.progress.needs_help', {}, 'Needs help'), needsHelp(msg.needs_help || []), msg.needs_help, name + '-needs-help'));
  const times = msg.times || [];
  const grid = el('div', 'grid-wrap');
  if (times.length) grid.append(timesGrid(times, t('desk.progress.grid_caption', { name }, 'Times tables of {name}: each fact coloured by accuracy')), gridLegend());
  else grid.append(el('p', 'lead', t('desk.progress.no_times', {}, 'No times tables answered in these dates.')));
  box.append(figure('times', t('desk.progress.times', {}, 'Times tables'), grid, times, name + '-times'));
  box.append(figure('skills', t('desk.progress.skills', {}, 'Arithmetic, money, pace and quiz by skill'), reportTable(msg.skills || []), msg.skills, name + '-skills'));
  box.append(figure('words', t('desk.progress.words', {}, 'Words found'), reportTable(msg.words || []), msg.words, name + '-words'));
  const trend = el('div', 'trend');
  for (const [key, caption] of [['accuracy', t('desk.progress.accuracy_weeks', {}, 'Accuracy by week')], ['median_ms', t('desk.progress.time_weeks', {}, 'Median time of right answers by week')]]) {
    const f = el('figure', 'week-figure');
    f.append(el('figcaption', '', caption), weekBars(msg.weeks, key, caption));
    trend.append(f);
  }
  box.append(figure('weeks', t('desk.progress.weeks', {}, 'Week by week: accuracy and median time'), trend, msg.weeks, name + '-weeks'));
  if (isClass) box.append(figure('students', t('desk.progress.students', {}, 'Each student'), studentsTable(msg.students || []), msg.students, name + '-students'));
}

export const accuracyNote = () => t('desk.progress.note', {}, 'Accuracy is right answers out of questions asked: a question left unanswered counts as wrong, '
  + 'so it can be below right out of answered.');

function summary(msg, isClass) {
  if (isClass) {
    const c = msg.class || {};
    return [tp('desk.progress.n_students', c.students || 0, '{count} student', '{count} students'), tp('desk.progress.n_games', c.games || 0, '{count} game', '{count} games'),
            tp('desk.progress.n_tries', c.homework || 0, '{count} homework try', '{count} homework tries'), span(c.from, c.to)].filter(Boolean).join(' · ');
  }
  const pl = msg.player || {};
  return [tp('desk.progress.n_games', pl.games || 0, '{count} game', '{count} games'), tp('desk.progress.n_answered', pl.answers || 0, '{count} answered', '{count} answered'),
          t('desk.progress.accuracy', { pct: pct(pl.accuracy) }, '{pct} accuracy'), t('desk.progress.median', { time: time(pl.median_ms) }, 'median {time}')].join(' · ');
}

const span = (from, to) => (from || to ? t('desk.progress.span', { from: from ? shortDate(from) : '…', to: to ? shortDate(to) : '…' }, '{from} to {to}') : t('desk.progress.all_dates', {}, 'all dates'));

function figure(key, title, content, rows, file) {
  const s = el('section', 'desk-figure');
  s.id = 'fig-' + key;
  const h = el('h3', '', title);
  h.id = 'fig-' + key + '-title';
  s.setAttribute('aria-labelledby', h.id);
  const link = Object.assign(el('a', 'button csv-link', 'CSV'), { href: '#' });
  link.setAttribute('aria-label', t('desk.progress.csv', { title }, 'Download {title} as CSV'));
  csvLink(link, tableCSV(rows || []), 'chalkline-' + file + '.csv');
  const head = el('div', 'figure-head');
  head.append(h, link);
  if (content.tagName === 'TABLE') { const wrap = el('div', 'scroll'); wrap.append(content); content = wrap; }
  s.append(head, content);
  return s;
}

const why = { lowest: () => t('desk.progress.why_lowest', {}, 'lowest accuracy'), slowest: () => t('desk.progress.why_slowest', {}, 'slowest'),
  falling: () => t('desk.progress.why_falling', {}, 'falling') };

function needsHelp(rows) {
  if (!rows.length) return el('p', 'lead', t('desk.progress.nobody', {}, 'Nobody stands out in these dates.'));
  const list = el('ul', 'needs-help');
  for (const r of rows) {
    const li = el('li');
    li.dataset.why = r.why;
    const change = r.change !== null && r.change !== undefined ? Math.round(r.change * 100) : null;
    li.append(studentButton(r.student), el('span', 'why', ' ' + (why[r.why] ? why[r.why]() : r.why) + ': '),
              document.createTextNode(t('desk.progress.help_line', { pct: pct(r.accuracy), time: time(r.median_ms) }, '{pct} right, median {time}') +
                (change !== null ? ', ' + tp('desk.progress.change', Math.abs(change), '{sign}{count} point on the week before', '{sign}{count} points on the week before', { sign: change > 0 ? '+' : change < 0 ? '-' : '' }) : '')));
    list.append(li);
  }
  return list;
}

function studentButton(name) {
  const b = Object.assign(el('button', 'linkish', name), { type: 'button' });
  b.dataset.student = name;
  b.setAttribute('aria-label', t('desk.progress.of', { name }, 'Progress of {name}'));
  return b;
}

function studentsTable(rows) {
  const table = reportTable(rows);
  if (!rows.length) return table;
  // `answers` counts what a student typed; accuracy is over questions asked (the note says so).
  const answers = Object.keys(rows[0]).indexOf('answers');
  if (answers >= 0) table.tHead.rows[0].cells[answers].textContent = t('desk.progress.answered', {}, 'answered');
  table.querySelectorAll('tbody tr').forEach((tr, i) => { const td = tr.cells[0]; td.textContent = ''; td.append(studentButton(rows[i].student)); });
  return table;
}

function frame() {
  const box = el('div', 'desk-progress');
  box.innerHTML = `
    <h2 id="progress-title" tabindex="-1">Progress</h2>
    <form class="desk-filter" id="progress-form">
      <label><span data-t="desk.class">Class</span> <select id="progress-class"><option value="">Choose a class</option></select></label>
      <label><span data-t="desk.progress.student">Student</span> <select id="progress-student" disabled><option value="">The whole class</option></select></label>
      <label><span data-t="desk.from">From</span> <input type="date" id="progress-from"></label>
      <label><span data-t="desk.to">To</span> <input type="date" id="progress-to"></label>
      <button type="button" id="progress-print" data-t="desk.print" hidden>Print</button>
    </form>
    <p class="lead" id="progress-status" aria-live="polite"></p>
    <p class="field-error" id="progress-error" aria-live="polite"></p>
    <div id="progress-figures"></div>`;
  return box;
}

