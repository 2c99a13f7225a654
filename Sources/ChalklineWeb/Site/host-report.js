// The last game's report (/report) and its CSV, made here as `chalkline-server report game ID
// --csv` writes it.
import { $, el, fmt, seconds, setText, drawer } from './shared.js';
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

  const drawReport = drawer(([msg]) => {
    for (const id of ['report-standings', 'report-questions', 'report-answers']) $(id).textContent = '';
    $('report-summary').textContent = '';
    const link = $('report-csv');
    link.hidden = true;
    if (!msg) return;
    const g = msg.game || {};
    $('report-title').textContent = 'Report: ' + (g.game || 'game');
    $('report-summary').textContent = [g.kind, (g.players !== undefined ? g.players + ' players' : ''),
      (g.rounds !== undefined ? g.rounds + ' rounds' : ''), g.state, g.winner ? 'winner ' + g.winner : ''].filter(Boolean).join(' · ');
    $('report-standings').append(table(msg.standings || []));
    $('report-questions').append(table((msg.questions || []).map((q) => {
      const row = Object.assign({}, q);
      if ('right' in q && 'of' in q) row.right = q.right + ' of ' + q.of;
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
      d.append(el('summary', '', who + ': ' + right + ' of ' + rows.length + ' right'));
      const wrap = el('div', 'scroll');
      wrap.append(table(rows));
      d.append(wrap);
      $('report-answers').append(d);
    }
    const csv = toCSV(msg);
    if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = 'chalkline-' + (g.game || 'report') + '.csv';
    link.dataset.csv = csv;
    link.hidden = false;
  });

  function draw() {
    drawReport([state.report]);
    setText('report-error', state.reportError);
  }

  $('report-back').addEventListener('click', () => { state.view = state.lastGame ? 'final' : 'lobby'; page.render(); });

  return { ok, error, draw };
}

function cell(v, key) {
  if (v === null || v === undefined) return '—';
  if (key === 'accuracy' && typeof v === 'number') return Math.round(v * 100) + '%';
  if (/(^|_)ms$/.test(key) && typeof v === 'number') return seconds(v);
  if (v === true) return 'yes';
  if (v === false) return 'no';
  if (typeof v === 'number') return fmt(v);
  return String(v);
}

function table(rows) {
  if (!rows.length) return el('p', 'lead', 'None.');
  const t = el('table', 'table report-table');
  const keys = Object.keys(rows[0]);
  // A column of numbers (a null among them too) is right-aligned; ms are shown in seconds.
  const numeric = new Set(keys.filter((k) => rows.some((r) => typeof r[k] === 'number') && rows.every((r) => r[k] === null || typeof r[k] === 'number')));
  const head = el('tr');
  for (const k of keys) { const th = el('th', numeric.has(k) ? 'num' : '', k.replace(/(^|_)ms$/, '$1time').replace(/_/g, ' ')); th.scope = 'col'; head.append(th); }
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const r of rows) {
    const tr = el('tr');
    for (const k of keys) tr.append(el('td', numeric.has(k) ? 'num' : (k === 'correct' ? (r[k] ? 'verdict-right' : 'verdict-wrong') : ''), cell(r[k], k)));
    body.append(tr);
  }
  t.append(thead, body);
  return t;
}

// RFC 4180, as the server's `report --csv`: a header row of keys, a row per record, one block
// per part (the reply's order: game, standings, questions, answers), an empty line between;
// CRLF line ends.
function toCSV(msg) {
  return Object.keys(msg).filter((k) => !['type', 'cmd', 'report'].includes(k)).map((k) => {
    const rows = Array.isArray(msg[k]) ? msg[k] : [msg[k]];
    const keys = rows.length ? Object.keys(rows[0]) : [];
    return [keys.map(csvField).join(',')].concat(rows.map((r) => keys.map((c) => csvField(r[c])).join(','))).join('\r\n') + '\r\n';
  }).join('\r\n');
}
