// The projector: a round's countdown, question or word board, its results, the podium.
import { $, el, announce, timeBar, setText, setHidden, setData } from './shared.js';
import { t, num, ordinal, drawer } from './host-words.js';
import { language } from './i18n.js';
import { players } from './host-room.js';
import { podiumHold } from './line.js';
import { saveSeat } from './host-seat.js';

export function projector(page) {
  const { state } = page;
  // The podium's tables have the results' headers (host.html has one copy of each).
  for (const t of ['teams', 'standings']) $('final-' + t).prepend($('play-' + t).tHead.cloneNode(true));

  // A round screen: its heading, its question (null: none), what else it shows, a clock of `ms`.
  function openRound(title, question, ms, shows) {
    state.play = Object.assign({ title, question, clues: false, groups: false, counting: false, results: null }, shows);
    state.view = 'play';
    state.clock = { total: ms, end: performance.now() + ms, running: ms > 0, said: null };
  }
  const showWaiting = (text) => openRound(t('host.play.on', {}, 'The game is on'), { text, sentence: true }, 0);

  // The bar empties and the clock says how the round ended; off the round screen it just stops.
  function stopClock(said) {
    const clock = state.clock;
    clock.running = false;
    if (state.view === 'play') clock.said = said || timeUp();
  }

  const closedEarly = () => state.clock.running && state.clock.end - performance.now() > 500;

  // The last round's results before the podium (line.js); a watcher, told no settings, holds 3 s.
  const finalHold = podiumHold((msg) => { if (!state.ending && state.entered) { events.game_end(msg, true); page.render(); } });

  function showResults(reveal, who, msg) {
    state.play.results = { reveal, who, standings: msg.standings || [], teams: msg.teams || [] };
    state.view = 'results';
  }

  const events = {
    countdown(msg) {
      state.roomState = 'running';
      state.round = null;
      openRound(t('host.play.ready', {}, 'Get ready!'), { text: t('host.play.starting', {}, 'Starting…'), sentence: false }, msg.seconds * 1000);
    },
    question(msg) {
      state.roomState = 'running';
      const same = state.round && state.round.id === msg.id;
      // A question set's (typed or multiple choice) is a sentence, as one ending in "?" is;
      // an expression stays one in any language (`1,5 + 2 = ?`), as on the student page.
      // `message`: the question in the page's language, where the kind says it otherwise.
      const text = msg.message || msg.text;
      const sentence = msg.text.endsWith('?') || msg.game === 'quiz' || Boolean(msg.choices);
      const choices = msg.choices || null;
      state.round = { id: msg.id, round: msg.round, rounds: msg.rounds, text, sentence, choices };
      if (!same) state.progress = { answers: 0, players: state.count };
      const title = t('host.play.question', { n: msg.round, of: msg.rounds }, 'Question {n} of {of}');
      openRound(title, { text: sentence ? text : text + ' = ?', sentence, id: msg.id, choices }, msg.time_ms, { counting: true });
      announce(title + '.');
    },
    board(msg) {
      state.roomState = 'running';
      const same = state.board && state.board.level === msg.level && state.board.round === msg.round;
      state.board = { level: msg.level, round: msg.round, clues: msg.clues.map((c) => Object.assign({}, c)), groups: msg.groups.slice() };
      if (!same) state.progress = { answers: 0, players: state.count };
      openRound(t('host.play.level', { n: msg.round, of: msg.levels }, 'Level {n} of {of}'), null, msg.time_ms, { clues: true, groups: true, counting: true });
    },
    solved(msg) {
      const b = state.board;
      if (!b) return;
      const clue = b.clues.find((c) => c.n === msg.n);
      if (clue) { clue.word = msg.word; clue.solved_by = msg.name; clue.points = msg.points; }
      for (const g of msg.groups || []) { const i = b.groups.indexOf(g); if (i >= 0) b.groups.splice(i, 1); }
      Object.assign(state.play, { clues: true, groups: true, counting: true });
    },
    progress(msg) {
      state.progress = { answers: msg.answers, players: msg.players };
      if (state.play) state.play.counting = true;
    },
    round_end(msg) {
      const results = msg.results || [];
      const ended = !closedEarly() ? timeUp()
        : results.length && results.every((r) => r.ms !== null) ? t('host.play.all_answered', {}, 'Everyone has answered') : t('host.play.closed', {}, 'Question closed');
      stopClock(ended);
      const q = state.round;
      const names = (which) => results.filter(which).map((r) => r.name);
      const who = { right: names((r) => r.correct), wrong: names((r) => !r.correct && r.ms !== null), none: names((r) => r.ms === null) };
      // Multiple choice: the question and its choices stay up, the right one marked with how
      // many were right (round_end says who was right, not who picked what).
      const right = q && q.choices ? rightChoices(q.choices, msg) : [];
      // A sentence (money, pace, a set's) is not on screen in the results: it comes back with its answer.
      // `q.text` is already the question in the page's language (`message`), and
      // `answer_message` the answer (`3,5`, `7,20 €`) where it is written per language.
      const shown = msg.answer_message || msg.answer_text;
      const answer = (a) => t('host.play.answer', { answer: a }, 'Answer: {answer}');
      const reveal = q && q.choices ? { text: answer((right.length ? letter(right[0]) + ') ' : '') + msg.answer_text) }
        : q && q.sentence ? { question: q.text, text: answer(shown) }
        : { text: answer((q ? q.text + ' = ' : '') + shown) };
      reveal.answer = shown;
      showResults(reveal, who, msg);
      state.play.results.picks = { right, count: who.right.length };
      announce(ended + (/[!.]$/.test(ended) ? ' ' : '. ') + t('host.say.answer', { answer: shown, count: who.right.length }, 'The answer was {answer}. {count} right.'));
    },
    level_end(msg) {
      stopClock(!closedEarly() ? timeUp() : msg.clues.every((c) => c.solved_by) ? t('host.play.all_found', {}, 'All words found') : t('host.play.level_closed', {}, 'Level closed'));
      if (state.board) state.board.clues = msg.clues.map((c) => Object.assign({}, c));
      Object.assign(state.play, { clues: !!state.board, groups: false });
      const solved = msg.clues.filter((c) => c.solved_by).length;
      showResults({ text: t('host.play.level_over', { n: solved, of: msg.clues.length }, 'Level over: {n} of {of} words found.') }, null, msg);
    },
    game_end(msg, held) {
      if (!held && state.view === 'results') {
        finalHold.hold(msg, typeof state.settings.gap === 'number' ? state.settings.gap * 1000 : 0);
        return;
      }
      stopClock();
      state.roomState = 'lobby';
      state.lastGame = msg.game;
      if (state.seat && state.role === 'host') { state.seat.lastGame = msg.game; saveSeat(state.seat); }
      state.final = { standings: msg.standings || [], teams: msg.teams || [] };
      state.view = 'final';
      const first = state.final.standings.filter((r) => r.rank === 1).map((r) => r.name);
      announce(t('host.final.title', {}, 'Game over!') + (first.some(Boolean) ? ' ' + t('host.say.won', { names: new Intl.ListFormat(language(), { type: 'conjunction' }).format(first) }, '{names} won.') : ''));
    },
  };

  // `state.clock` on the bar: started once a clock is new, stopped once it is (saying how the
  // round ended, or quietly off the round screen).
  const bar = timeBar($('play-bar'), $('play-clock'), (left) => num(Math.ceil(left / 1000)));
  let drawn = { clock: null, said: null, quiet: false };
  function drawClock() {
    const clock = state.clock;
    if (drawn.clock !== clock) {
      drawn = { clock, said: null, quiet: false };
      bar.start(clock.total > 0 ? Math.max(1, clock.end - performance.now()) : 0);
    }
    if (clock.said !== null && drawn.said === null) bar.stop(drawn.said = clock.said);
    else if (!clock.running && clock.total > 0 && !drawn.quiet) { drawn.quiet = true; bar.stop(null); }
  }

  // The word puzzle counts words found, and every word tried beside them.
  function progressText() {
    const p = state.progress;
    if (state.game === 'words' && state.board) {
      const found = state.board.clues.filter((c) => c.solved_by).length;
      return t('host.play.words_found', { n: found, of: state.board.clues.length, tried: p.answers }, 'words found: {n} of {of} · {tried} tried');
    }
    return t('host.play.answers_in', { n: p.answers, of: p.players || state.count }, 'answers in: {n} of {of}');
  }

  const drawClues = drawer(([clues]) => {
    const list = $('play-clues');
    list.textContent = '';
    for (const c of clues) {
      // A level's end reveals the words nobody found: shown, but not as found.
      const li = el('li', c.word ? (c.solved_by ? 'clue solved' : 'clue missed') : 'clue');
      li.append(el('span', 'clue-n', c.n + '.'), el('span', 'clue-text', c.clue), el('span', 'clue-letters', t('host.play.letters', { count: c.letters }, '{count} letters')));
      if (c.word) li.append(el('span', 'clue-word', c.word), el('span', 'clue-by', c.solved_by ? c.solved_by : t('host.play.nobody', {}, '(nobody)')));
      list.append(li);
    }
  });
  const drawGroups = drawer(([groups]) => { $('play-groups').replaceChildren(...groups.map((g) => el('span', 'group', g))); });

  const drawResults = drawer(([results]) => {
    const reveal = $('play-reveal');
    reveal.textContent = '';
    if (results.reveal.question) reveal.append(el('span', 'reveal-question', results.reveal.question), ' ', el('span', 'reveal-answer', results.reveal.text));
    else reveal.textContent = results.reveal.text;
    setData(reveal, 'answer', results.reveal.answer);
    setHidden('who', !results.who);
    if (results.who) {
      whoLine('who-right', t('host.play.right', {}, 'Right'), results.who.right);
      whoLine('who-wrong', t('host.play.wrong', {}, 'Wrong'), results.who.wrong);
      whoLine('who-none', t('host.play.no_answer', {}, 'No answer'), results.who.none);
    }
    fillStandings($('play-standings'), results.standings, 10);
    fillTeams('play-teams', results.teams, false);
  });

  // The choices, A, B..., each tile marked ✓ (and green) once the round says it was right.
  const drawChoices = drawer(([choices, picks]) => {
    const list = $('play-choices');
    list.textContent = '';
    setData(list, 'revealed', picks ? 'yes' : null);
    for (const [i, text] of choices.entries()) {
      const right = Boolean(picks && picks.right.includes(i));
      const li = el('li', 'pick' + (right ? ' pick-right' : ''));
      li.dataset.letter = letter(i);
      li.append(el('span', 'pick-key', letter(i)), el('span', 'pick-text', text));
      if (right) li.append(el('span', 'pick-mark', '✓ ' + t('host.play.right_count', { count: picks.count }, '{count} right')));
      list.append(li);
    }
  });

  function drawPlay() {
    const play = state.play;
    setText('play-round', play.title);
    const q = $('play-question');
    setHidden('play-question', !play.question);
    if (play.question) {
      setText('play-question', play.question.text);
      q.classList.toggle('sentence', play.question.sentence);
      q.classList.toggle('long', play.question.text.length > 120);
      setData(q, 'id', play.question.id);
    }
    const choices = play.question && play.question.choices;
    q.classList.toggle('keep', Boolean(choices));
    setHidden('play-choices', !choices);
    if (choices) drawChoices([choices, play.results && play.results.picks]);
    setHidden('play-clues', !(play.clues && state.board));
    if (play.clues && state.board) drawClues([state.board.clues]);
    setHidden('play-groups', !(play.groups && state.board));
    if (play.groups && state.board) drawGroups([state.board.groups]);
    setText('play-progress', play.counting ? progressText() : '');
    setHidden('play-results', !play.results);
    if (play.results) drawResults([play.results]);
    drawClock();
  }

  const drawFinal = drawer(([final]) => {
    const places = fillStandings($('final-standings'), final.standings);
    fillTeams('final-teams', final.teams, true);
    const podium = $('final-podium');
    podium.textContent = '';
    // The server's places 1 to 3, a shared place on one step (1, 1, 3: no second step).
    for (const place of [...new Set(places.map((r) => r.rank))].filter((rank) => rank <= 3)) {
      const rows = places.filter((r) => r.rank === place);
      const li = el('li', 'step step-' + place);
      li.append(el('span', 'step-place', ordinal(place)), el('span', 'step-name', stepNames(rows)),
                el('span', 'step-score', t('host.final.points', { count: rows[0].score }, '{count} points')), el('span', 'step-block'));
      podium.append(li);
    }
  });

  function draw() {
    if (state.play) drawPlay();
    if (state.final) drawFinal([state.final]);
  }

  return { events, draw, showWaiting, stopClock, finalHold };
}

const letter = (i) => String.fromCharCode(65 + i);
const timeUp = () => t('host.play.time_up', {}, 'Time!');
const folded = (text) => String(text).trim().toLowerCase();

// The choices that are the round's answer (its text, or its number written plainly).
function rightChoices(choices, msg) {
  const answers = [msg.answer_text, msg.answer].filter((a) => a !== undefined && a !== null).map(folded);
  return choices.map((text, i) => (answers.includes(folded(text)) ? i : -1)).filter((i) => i >= 0);
}

function whoLine(id, label, names) {
  const p = $(id);
  p.textContent = '';
  p.hidden = names.length === 0;
  // names=hidden: the projector's copy has every name "", so it says how many, not who.
  if (names.every((n) => n === '')) { p.append(el('strong', '', t('host.play.who_count', { label, n: names.length }, '{label}: {n}'))); return; }
  p.append(el('strong', '', t('host.play.who', { label, n: names.length }, '{label} ({n}):') + ' '), document.createTextNode(names.join(', ')));
}

// A podium step's names, or with names=hidden how many stand on it.
function stepNames(rows) {
  if (rows.every((r) => r.name === '')) return players(rows.length);
  return rows.map((r) => r.name).join(', ');
}

// The server's team ranks and means, the winners highlighted at the podium.
function fillTeams(id, teams, final) {
  const body = $(id).tBodies[0];
  body.textContent = '';
  $(id + '-box').hidden = !teams.length;
  for (const team of teams) {
    const tr = el('tr', final && team.rank === 1 ? 'win' : '');
    tr.append(el('td', 'num', ordinal(team.rank)), el('td', 'name', team.name), el('td', 'num', num(team.score)),
              el('td', 'num', num(team.members)));
    body.append(tr);
  }
}

// The standings with the server's ranks as they are: it alone decides who shares a place.
function fillStandings(table, rows, limit) {
  const body = table.tBodies[0];
  body.textContent = '';
  // names=hidden: the projector's rows come without names, so the Name column goes too.
  table.classList.toggle('no-names', rows.length > 0 && rows.every((r) => !r.name));
  for (const row of rows.slice(0, limit || rows.length)) {
    const tr = el('tr');
    tr.append(el('td', 'num', ordinal(row.rank)), el('td', 'name', row.name), el('td', 'num', num(row.score)));
    body.append(tr);
  }
  return rows;
}
