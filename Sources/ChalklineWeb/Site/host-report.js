// A game's report (/report, and the desk's /report game ID) and its CSV, made here as
// `chalkline-server report game ID --csv` writes it. The host page draws the last game of its
// room; the desk (desk-games.js) draws any stored game with the same `drawGameReport`.
import { $, el, seconds, setText } from './shared.js';
import { t, num, drawer } from './host-words.js';
import { csvField } from './host-sets-csv.js';

export function report(page) {
  const { state } = page;

  const ok = {
    report(msg) {
      Object.assign(state, { report: msg, reportError: '', view: 'report' });
      page.render();
      $('report-title').setAttribute('tabindex', '-1');
      $('report-title').focus();
    },
  };
  const error = {
    report(msg) { Object.assign(state, { report: null, reportError: msg.message, view: 'report' }); },
  };

  const parts = { title: $('report-title'), summary: $('report-summary'), standings: $('report-standings'),
                  questions: $('report-questions'), answers: $('report-answers'), csv: $('report-csv') };
  const drawReport = drawer(([msg]) => drawGameReport(parts, msg));

  function draw() {
    drawReport([state.report]);
    setText('report-error', state.reportError);
  }

  $('report-back').addEventListener('click', () => { state.view = state.lastGame ? 'final' : 'lobby'; page.render(); });

  return { ok, error, draw };
}

// The parts a report reply has that are not its tables.
const notTables = ['type', 'cmd', 'report', 'subject', 'csv'];
const drawnParts = ['game', 'standings', 'questions', 'answers'];

// `msg` (a `/report` reply, or null) drawn into `parts`: elements title, summary, standings,
// questions, answers, csv (a link made the CSV download), and optionally `extras`, where the
// report's other tables (teams, the kind's own) go, each under its name.
export function drawGameReport(parts, msg) {
  for (const key of ['standings', 'questions', 'answers', 'extras']) if (parts[key]) parts[key].textContent = '';
  parts.summary.textContent = '';
  const link = parts.csv;
  link.hidden = true;
  if (!msg) return;
  const g = msg.game || {};
  parts.title.textContent = t('host.report.title', { game: g.game || '' }, 'Report: {game}');
  parts.summary.textContent = [g.kind, (g.players !== undefined ? t('host.count.players', { count: g.players }, '{count} players') : ''),
    (g.rounds !== undefined ? t('host.report.rounds', { count: g.rounds }, '{count} rounds') : ''), g.state,
    g.winner ? t('host.report.winner', { name: g.winner }, 'winner {name}') : ''].filter(Boolean).join(' · ');
  parts.standings.append(reportTable(msg.standings || []));
  parts.questions.append(reportTable((msg.questions || []).map((q) => {
    const row = Object.assign({}, q);
    if ('right' in q && 'of' in q) row.right = t('host.report.n_of', { n: q.right, of: q.of }, '{n} of {of}');
    delete row.of;
    return row;
  })));
  const byPlayer = new Map();
  for (const a of msg.answers || []) {
    const who = a.player !== undefined ? a.player : '';
    if (!byPlayer.has(who)) byPlayer.set(who, []);
    const row = Object.assign({}, a);
    delete row.player;
    byPlayer.get(who).push(row);
  }
  for (const [who, rows] of byPlayer) {
    const d = el('details', 'student');
    const right = rows.filter((r) => r.correct === true).length;
    d.append(el('summary', '', t('host.report.student', { name: who, n: right, of: rows.length }, '{name}: {n} of {of} right')));
    const wrap = el('div', 'scroll');
    wrap.append(reportTable(rows));
    d.append(wrap);
    parts.answers.append(d);
  }
  if (parts.extras) drawParts(parts.extras, msg, drawnParts);
  const name = 'chalkline-' + (g.game || 'report') + '.csv';
  csvLink(link, reportCSV(msg), name);
}

// Each table of a report reply but those in `skip`, under its name, in the reply's order: a
// game's own tables, or the whole of any other report (the desk's homework).
export function drawParts(box, msg, skip = []) {
  box.textContent = '';
  for (const key of Object.keys(msg).filter((k) => !notTables.includes(k) && !skip.includes(k))) {
    const rows = Array.isArray(msg[key]) ? msg[key] : [msg[key]];
    const wrap = el('div', 'scroll');
    wrap.dataset.part = key;
    wrap.append(reportTable(rows));
    box.append(el('h3', '', column(key)), wrap);
  }
}

// The link downloads `csv` as `name`; the text is on the link too, for a test to read.
export function csvLink(link, csv, name) {
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  link.dataset.csv = csv;
  link.hidden = false;
}

// A column's heading: the report's field named in the page's language (host.report.column.FIELD),
// else the field's name as words.
const column = (k) => t('host.report.column.' + k, {}, k.replace(/(^|_)ms$/, '$1time').replace(/_/g, ' '));

function cell(v, key) {
  if (v === null || v === undefined) return '—';
  if (key === 'accuracy' && typeof v === 'number') return Math.round(v * 100) + '%';
  if (/(^|_)ms$/.test(key) && typeof v === 'number') return seconds(v);
  if (v === true) return t('host.report.yes', {}, 'yes');
  if (v === false) return t('host.report.no', {}, 'no');
  if (typeof v === 'number') return num(v);
  return String(v);
}

// A report's table of records, its columns the first record's keys.
export function reportTable(rows) {
  if (!rows.length) return el('p', 'lead', t('host.report.none', {}, 'None.'));
  const table = el('table', 'table report-table');
  const keys = Object.keys(rows[0]);
  // A column of numbers (a null among them too) is right-aligned; ms are shown in seconds.
  const numeric = new Set(keys.filter((k) => rows.some((r) => typeof r[k] === 'number') && rows.every((r) => r[k] === null || typeof r[k] === 'number')));
  const head = el('tr');
  for (const k of keys) { const th = el('th', numeric.has(k) ? 'num' : '', column(k)); th.scope = 'col'; head.append(th); }
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const r of rows) {
    const tr = el('tr');
    for (const k of keys) tr.append(el('td', numeric.has(k) ? 'num' : (k === 'correct' ? (r[k] ? 'verdict-right' : 'verdict-wrong') : ''), cell(r[k], k)));
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

// RFC 4180, as the server's `report --csv`: a header row of keys, a row per record, one block
// per part (the reply's order: game, standings, questions, answers), an empty line between;
// CRLF line ends.
export function reportCSV(msg) {
  return Object.keys(msg).filter((k) => !notTables.includes(k)).map((k) => tableCSV(Array.isArray(msg[k]) ? msg[k] : [msg[k]])).join('\r\n');
}

// One block of `reportCSV`: one table's records (one figure of the desk's progress).
export function tableCSV(rows) {
  const keys = rows.length ? Object.keys(rows[0]) : [];
  return [keys.map(csvField).join(',')].concat(rows.map((r) => keys.map((c) => csvField(r[c])).join(','))).join('\r\n') + '\r\n';
}
