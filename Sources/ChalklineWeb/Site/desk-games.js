// The Past games tab: stored games newest first (/report games), filtered, more on demand; one
// opens its report (/report game ID), drawn by host-report.js as on /host, with the server's CSV.
import { $, el, setText, setHidden } from './shared.js';
import { t, translate } from './i18n.js';
import { tp, drawer, localTime } from './desk-words.js';
import { drawGameReport, csvLink } from './host-report.js';

export const PAGE = 20;               // games a request asks for; "Show more" asks for 20 more

export function games(desk) {
  const { state } = desk;
  const send = (text) => desk.report('games', text);
  state.games = { filter: { cls: '', from: '', to: '' }, limit: PAGE, list: null, loading: false,
                  asked: null, open: null, report: null, csv: null, error: '' };
  const g = state.games;
  const root = $('tab-games');
  root.append(frame());
  translate(root);

  function ask() {
    g.asked = 'games';
    g.loading = true;
    send('/report games' + filterWords(g.filter) + ' limit=' + g.limit);
  }
  // The report and the server's CSV, tagged: a reply for a game clicked before the last is not drawn.
  function open(id) {
    Object.assign(g, { open: id, report: null, csv: null, error: '', asked: 'game' });
    desk.report('games', '/report game ' + id, id);
    desk.report('games', '/report game ' + id + ' csv', id);
    desk.render();
  }

  $('games-class').addEventListener('change', (e) => { g.filter.cls = e.target.value; g.limit = PAGE; ask(); desk.render(); });
  $('games-from').addEventListener('change', (e) => { g.filter.from = e.target.value; g.limit = PAGE; ask(); desk.render(); });
  $('games-to').addEventListener('change', (e) => { g.filter.to = e.target.value; g.limit = PAGE; ask(); desk.render(); });
  $('games-filter').addEventListener('submit', (e) => e.preventDefault());
  $('games-more').addEventListener('click', () => { g.limit += PAGE; ask(); desk.render(); });
  $('game-back').addEventListener('click', () => {
    const id = g.open;
    Object.assign(g, { open: null, report: null, csv: null, error: '' });
    desk.render();
    const row = root.querySelector('#games-list button[data-id="' + id + '"]');
    if (row) row.focus();
  });
  $('games-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-id]');
    if (b) open(b.dataset.id);
  });

  // A game's reply counts only while that game is open.
  function report(msg, id) {
    if (id !== undefined && id !== g.open) return;
    if (msg.type === 'error') { Object.assign(g, { error: msg.message, loading: false, asked: null }); return; }
    if (Array.isArray(msg.games)) Object.assign(g, { list: msg.games || [], loading: false, asked: null, error: '' });
    else if (typeof msg.csv === 'string') { if (g.open !== null) g.csv = msg.csv; }
    else if (g.open !== null) {
      Object.assign(g, { report: msg, asked: null });
      desk.render();
      $('game-report-title').focus();
    }
  }

  function opened() { ask(); }

  const drawClasses = drawer(([names, chosen]) => {
    const select = $('games-class');
    select.textContent = '';
    select.append(new Option(t('desk.games.all_classes', {}, 'All classes'), ''));
    for (const n of names) select.append(new Option(n, n));
    select.value = chosen;
  });
  const drawList = drawer(([list, limit]) => {
    const body = $('games-list').tBodies[0];
    body.textContent = '';
    for (const game of list || []) body.append(gameRow(game));
    setHidden('games-none', !list || list.length > 0);
    setHidden('games-more', !list || list.length < limit);
  });
  const parts = { title: $('game-report-title'), summary: $('game-report-summary'), standings: $('game-report-standings'),
                   questions: $('game-report-questions'), answers: $('game-report-answers'), extras: $('game-report-extras'),
                   csv: $('game-report-csv') };
  const drawReport = drawer(([msg, csv]) => {
    drawGameReport(parts, msg);
    if (msg && csv !== null) csvLink(parts.csv, csv, parts.csv.download);
  });

  function draw() {
    drawClasses([(state.classList || []).map((c) => c.name), g.filter.cls]);
    for (const [id, v] of [['games-from', g.filter.from], ['games-to', g.filter.to]]) if ($(id).value !== v) $(id).value = v;
    drawList([g.list, g.limit]);
    setText('games-status', g.loading ? t('desk.loading', {}, 'Loading…') : (g.list ? tp('desk.progress.n_games', g.list.length, '{count} game', '{count} games') : ''));
    setText('games-error', g.error);
    setHidden('games-browse', g.open !== null);
    setHidden('game-report', g.open === null);
    if (g.open !== null && !g.report) setText('game-report-title', t('desk.games.report_loading', {}, 'Report: loading…'));
    drawReport([g.report, g.csv]);
  }

  return { report, opened, draw };
}

export function filterWords(f) {
  return (f.cls ? ' class=' + f.cls : '') + (f.from ? ' from=' + f.from : '') + (f.to ? ' to=' + f.to : '');
}

function gameRow(game) {
  const tr = el('tr');
  tr.dataset.id = game.id;
  tr.append(el('td', '', localTime(game.started)));
  const open = el('td');
  const b = Object.assign(el('button', 'linkish', game.game), { type: 'button' });
  b.dataset.id = game.id;
  b.setAttribute('aria-label', t('desk.games.open', { game: game.game }, 'Open the report of {game}'));
  open.append(b);
  tr.append(open, el('td', '', game.kind || ''), el('td', '', game.class || '—'),
            el('td', 'num', String(game.players === undefined ? '' : game.players)),
            el('td', '', game.winner || (game.state === 'finished' ? '—' : gameState(game.state))));
  return tr;
}

// A game with no winner: how it ended (the protocol's word when the desk has none for it).
const states = { stopped: () => t('desk.games.stopped', {}, 'stopped'), running: () => t('desk.games.running', {}, 'running'),
  lobby: () => t('desk.games.lobby', {}, 'lobby') };
const gameState = (state) => (states[state] ? states[state]() : state || '—');

function frame() {
  const box = el('div', 'desk-games');
  box.innerHTML = `
    <div id="games-browse">
      <h2 id="games-title" data-t="desk.tab.games">Past games</h2>
      <form class="desk-filter" id="games-filter">
        <label><span data-t="desk.class">Class</span> <select id="games-class"><option value="">All classes</option></select></label>
        <label><span data-t="desk.from">From</span> <input type="date" id="games-from"></label>
        <label><span data-t="desk.to">To</span> <input type="date" id="games-to"></label>
        <span class="lead" id="games-status" aria-live="polite"></span>
      </form>
      <p class="field-error" id="games-error" aria-live="polite"></p>
      <div class="scroll">
        <table class="table report-table games-list" id="games-list" aria-labelledby="games-title">
          <thead><tr><th scope="col" data-t="desk.games.date">Date</th><th scope="col" data-t="desk.game">Game</th><th scope="col" data-t="desk.games.kind">Kind</th><th scope="col" data-t="desk.class">Class</th>
            <th scope="col" class="num" data-t="desk.games.players">Players</th><th scope="col" data-t="desk.games.winner">Winner</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <p class="lead" id="games-none" data-t="desk.games.none" hidden>No games stored in these dates.</p>
      <button type="button" id="games-more" data-t="desk.games.more" hidden>Show more</button>
    </div>
    <section id="game-report" aria-labelledby="game-report-title" hidden>
      <p><button type="button" id="game-back" data-t="desk.games.back">Back to the list</button></p>
      <h2 id="game-report-title" tabindex="-1">Report</h2>
      <p class="lead" id="game-report-summary"></p>
      <p class="report-actions"><a class="button primary" id="game-report-csv" href="#" download="chalkline-report.csv" data-t="desk.csv" hidden>Download CSV</a></p>
      <h3 data-t="desk.games.standings">Standings</h3><div class="scroll" id="game-report-standings"></div>
      <h3 data-t="desk.games.questions">Questions</h3><div class="scroll" id="game-report-questions"></div>
      <div id="game-report-extras"></div>
      <h3 data-t="desk.games.answers">Each student's answers</h3><div id="game-report-answers"></div>
    </section>`;
  return box;
}
