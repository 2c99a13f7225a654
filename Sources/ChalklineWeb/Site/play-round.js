// A round drawn from the state: time bars, question, verdict, results, homework's pause, podium.
import { $, el, fmt, ordinal, seconds, timeBar } from './shared.js';
import { t, tn } from './i18n.js';
import { state, me, letter, say } from './play-state.js';
import { show, drawStatus } from './play-view.js';
import { drawChoices } from './play-choices.js';

const bars = {
  question: timeBar($('question-bar'), $('question-time')),
  board: timeBar($('board-bar'), $('board-time')),
};

// Once the view shows: a transition started in a hidden view jumps to its end.
export function startTimer(which, ms) {
  stopTimer();
  state.timerOf = which;
  bars[which].start(ms);
}

// `said`: how the round ended ("Time!" unless told).
export function stopTimer(said) {
  clearTimeout(state.timer);
  state.timer = null;
  if (!state.timerOf) return;
  bars[state.timerOf].stop(said);
  state.timerOf = null;
}

export const closedEarly = () => Boolean(state.timerOf) && bars[state.timerOf].closedEarly();

// A sentence ends in "?", and a question set's (a teacher's own, or multiple choice) is one
// whatever it ends with; an expression shows as TEXT = ?
export const isSentence = (q) => q.text.endsWith('?') || q.game === 'quiz' || Boolean(q.choices);
export const questionText = (q) => (isSentence(q) ? q.text : q.text + ' = ?');
// A sentence as the page's language says it (`message`, protocol.md), else as it came.
export const shownText = (q) => q.message || q.text;
// A round's right answer as the page's language writes it (`answer_message`: `3,5`, `7,20 €`),
// else as it came (a choice, a set's words, a whole number).
export const shownAnswer = (msg) => msg.answer_message || msg.answer_text;

// How a screen reader says a question.
export function spoken(text) {
  return text.replace(/ x /g, ' ' + t('play.spoken.times', {}, 'times') + ' ')
    .replace(/ \/ /g, ' ' + t('play.spoken.divided', {}, 'divided by') + ' ')
    .replace(/ - /g, ' ' + t('play.spoken.minus', {}, 'minus') + ' ')
    .replace(/ = \?$/, ' ' + t('play.spoken.equals', {}, 'equals what?'));
}

// The on-screen keyboard: the decimal pad, but a time or pace (m:ss) needs the colon.
function answerKind(game, text) {
  if (game === 'quiz') return { inputmode: 'text', hint: '' };         // words, a teacher's own set
  if (game === 'pace' && /(pace per (km|mile)|: time)(, to the nearest second)?\?$/.test(text)) {
    return { inputmode: 'text', hint: t('play.hint.time', {}, 'A time: minutes:seconds, like 5:15 (or h:mm:ss).') };
  }
  if (game === 'money') {
    const comma = /\d,\d\d €/.test(text);
    if (/what percent\?$/.test(text)) return { inputmode: 'decimal', hint: t('play.hint.percent', {}, 'A percent, like 15.') };
    return { inputmode: 'decimal', hint: comma ? t('play.hint.comma', {}, 'An amount with a comma for cents, like 7,20.') : t('play.hint.amount', {}, 'An amount, like 7.20 (the symbol is optional).') };
  }
  return { inputmode: 'decimal', hint: '' };
}

// A verdict box from `fb`: {state, points, text} or {state, points, verdict, detail}; none hides it.
export function drawFeedback(box, fb) {
  box.hidden = !fb;
  if (!fb) return;
  box.dataset.state = fb.state;
  box.dataset.points = fb.points;
  box.textContent = '';
  if (fb.text !== undefined) { box.textContent = say(fb.text); return; }
  box.append(el('span', 'verdict', say(fb.verdict)), el('span', 'points', '+' + fmt(fb.points)));
  if (fb.detail !== undefined) box.append(el('span', 'detail', say(fb.detail)));
}

// `fresh`: a new question (not a rejoin's copy), so the box starts empty and takes the focus.
export function drawQuestion(fresh) {
  const q = state.question;
  $('question-round').textContent = t('play.question.round', { round: q.round, rounds: q.rounds }, 'Question {round} of {rounds}');
  const box = $('question-text');
  const sentence = isSentence(q);
  box.textContent = '';
  if (sentence) {
    box.textContent = shownText(q);
  } else {
    // One line sized to fit (--len): a short one with its "= ?", a long one may put it below.
    box.append(el('span', 'expr', shownText(q)), ' ', el('span', 'expr', '= ?'));
    box.style.setProperty('--len', q.text.length <= 12 ? q.text.length + 4 : q.text.length);
  }
  box.dataset.id = q.id;
  box.classList.toggle('sentence', sentence);
  $('round-results').hidden = true;
  show('question');
  drawAnswerForm(fresh);
}

export function drawAnswerForm(fresh) {
  const q = state.question;
  const input = $('answer-input');
  $('answer-form').hidden = q.answered || Boolean(q.choices);
  drawChoices();
  drawFeedback($('feedback'), q.feedback);
  // The buttons' group takes the focus (a screen reader says the question), none of them.
  if (q.choices && fresh) $('choices').focus({ preventScroll: true });
  if (q.answered || q.choices) return;
  const kind = answerKind(q.game, q.text);
  input.setAttribute('inputmode', kind.inputmode);
  $('answer-hint').textContent = q.refused || kind.hint;
  if (fresh) input.value = '';
  input.readOnly = q.sending;
  $('answer-send').disabled = q.sending;
  if (q.refused) { input.setAttribute('aria-invalid', 'true'); input.select(); } else input.removeAttribute('aria-invalid');
  if (fresh) input.focus({ preventScroll: true });
}

// The server's ranks as they are.
function fillStandings(table, standings) {
  const body = table.tBodies[0];
  body.textContent = '';
  for (const [i, row] of (standings || []).entries()) {
    // Rows left out before a cut table's own row (a shared rank never exceeds its position).
    if (row.rank > i + 1) {
      const gap = el('tr', 'gap');
      const td = el('td', '', '…');
      td.colSpan = 3;
      gap.append(td);
      body.append(gap);
    }
    const tr = el('tr', row.name === me() ? 'me' : '');
    tr.append(el('td', 'num', ordinal(row.rank)), nameCell(row.name), el('td', 'num', fmt(row.score)));
    body.append(tr);
  }
}

// This student's row in a round_end, level_end or game_end, and their place in words.
export function myPlace(msg, final) {
  const mine = (msg.standings || []).find((r) => r.name === me()) || null;
  const of = msg.players || (msg.standings || []).length;
  const rank = msg.rank || (mine && mine.rank);
  const args = { place: ordinal(rank), of };
  const text = !rank || !mine ? ''
    : final ? tn('play.place.final', mine.score, args, ['You finished {place} of {of} with {count} point.', 'You finished {place} of {of} with {count} points.'])
      : tn('play.place', mine.score, args, ['You are {place} of {of} with {count} point.', 'You are {place} of {of} with {count} points.']);
  return { mine, text };
}

// Teams as the server ranks them; the student's marked, the winners' at the podium.
function fillTeams(table, teams, final) {
  const body = table.tBodies[0];
  body.textContent = '';
  table.closest('section').hidden = !teams || !teams.length;
  for (const team of teams || []) {
    const mine = team.name === state.myTeam;
    const tr = el('tr', mine ? 'me' : '');
    if (final && team.rank === 1) tr.classList.add('win');
    const name = el('td', 'name', team.name);
    if (mine) name.append(el('span', 'you', ' ' + t('play.you.team', {}, '(yours)')));
    tr.append(el('td', 'num', ordinal(team.rank)), name, el('td', 'num', fmt(team.score)), el('td', 'num', String(team.members)));
    body.append(tr);
  }
}

function drawPlaces(msg, standings, teams, rank) {
  fillStandings($(standings), msg.standings);
  fillTeams($(teams), msg.teams);
  $(rank).textContent = myPlace(msg).text;
}

function nameCell(name) {
  const td = el('td', 'name', name);
  if (name === me()) td.append(el('span', 'you', ' ' + t('play.you', {}, '(you)')));
  return td;
}

export function drawResults() {
  const msg = state.result;
  const q = state.question;
  const shown = shownAnswer(msg);
  const answer = q && !isSentence(q) ? shownText(q) + ' = ' + shown : shown;
  const at = q && q.choices ? q.choices.indexOf(msg.answer_text) : -1;
  $('reveal').textContent = t('play.results.answer', { answer: (at < 0 ? '' : letter(at) + ') ') + answer }, 'Answer: {answer}');
  $('reveal').dataset.answer = shown;
  const body = $('results-table').tBodies[0];
  body.textContent = '';
  for (const r of msg.results || []) {
    const verdict = r.ms === null ? 'no-answer' : (r.correct ? 'right' : 'wrong');
    const said = { 'no-answer': t('play.result.none', {}, 'no answer'), right: t('play.result.right', {}, 'right'), wrong: t('play.result.wrong', {}, 'wrong') };
    const tr = el('tr', r.name === me() ? 'me' : '');
    tr.append(nameCell(r.name), el('td', 'verdict-' + verdict, said[verdict]),
              el('td', 'num', '+' + fmt(r.points)), el('td', 'num', r.ms === null ? '—' : seconds(r.ms)));
    body.append(tr);
  }
  drawPlaces(msg, 'standings-table', 'round-teams', 'round-rank');
  $('answer-form').hidden = true;
  if (q) drawChoices();
  drawFeedback($('feedback'), q && q.feedback);
  $('round-results').hidden = false;
  show('results');
  drawStatus();
}

export function drawLevelResults(words) {
  const msg = state.result;
  $('level-reveal').textContent = t('play.level.over', {}, 'Level over!') + ' '
    + (words.length ? t('play.level.solved', { words: words.join(', ') }, 'You solved {words}.') : t('play.level.none', {}, 'You solved no word this time.'));
  drawPlaces(msg, 'level-standings', 'level-teams', 'level-rank');
  $('level-results').hidden = false;
  show('level');
  drawStatus();
}

// Homework's pause after a round: a Next button and the seconds left, under the round's end.
export function drawPause() {
  const p = state.pause;
  if (!p) { delete document.body.dataset.paused; $('next-question').hidden = true; $('next-level').hidden = true; return; }
  const level = state.view === 'level';
  const id = level ? 'next-level' : 'next-question';
  const [box, button, left] = [$(id), $(id + '-button'), $(id + '-in')];
  button.textContent = p.last ? t('play.next.result', {}, 'See my result') : level ? t('play.next.level', {}, 'Next level') : t('play.next.question', {}, 'Next question');
  button.disabled = p.sent;
  box.hidden = false;
  document.body.dataset.paused = 'yes';
  const tick = () => {
    if (box.hidden || state.pause !== p) return;
    const s = Math.max(0, Math.ceil((p.until - Date.now()) / 1000));
    left.textContent = s > 0 ? t('play.next.wait', { s }, 'or wait {s} s') : '';
    if (s > 0) setTimeout(tick, 250);
  };
  tick();
  if (!p.sent) button.focus({ preventScroll: true });
}

function homeworkPlace(hw) {
  let text = hw.rank ? t('play.hw.place', { place: ordinal(hw.rank), of: hw.finished }, 'You are {place} of {of} who have finished')
    : tn('play.hw.finished', hw.finished, {}, ['{count} has finished', '{count} have finished']);
  text += (hw.counted ? '' : ' ' + t('play.hw.earlier', {}, '(an earlier try of yours was better and counts)')) + '.';
  if (hw.tries_left === 0) text += ' ' + t('play.hw.last', {}, 'That was your last try.');
  else if (hw.tries_left !== null) text += ' ' + tn('play.hw.tries', hw.tries_left, {}, ['You have {count} try left.', 'You have {count} tries left.']);
  return text;
}

// Returns what the screen reader says.
export function drawFinal() {
  const msg = state.final;
  const hw = msg.homework;
  fillStandings($('final-standings'), msg.standings);
  fillTeams($('final-teams'), msg.teams, true);
  const title = hw ? t('play.final.homework', {}, 'Homework done!') : t('play.final.title', {}, 'Game over!');
  const rank = hw ? homeworkPlace(hw) : myPlace(msg, true).text;
  $('final-rank').textContent = rank;
  $('final-title').textContent = title;
  $('final-standings-title').textContent = hw ? t('play.final.finished', {}, 'Everyone who has finished') : t('play.final.standings', {}, 'Final standings');
  const again = hw && hw.tries_left !== 0;
  $('final-next').textContent = !hw ? t('play.final.wait', {}, 'Wait here: the host may start another game.')
    : again ? t('play.final.again', {}, 'Try again to beat your score: your best try counts.') : t('play.final.done', {}, 'You are done: well played!');
  $('try-again').hidden = !again || state.again;
  const podium = $('podium');
  podium.textContent = '';
  // Places 1 to 3, a shared place on one step (1, 1, 3: no second step).
  for (const place of [...new Set(msg.standings.map((r) => r.rank))].filter((rank) => rank <= 3)) {
    const rows = msg.standings.filter((r) => r.rank === place);
    const li = el('li', 'step step-' + place);
    if (rows.some((r) => r.name === me())) li.classList.add('me');
    li.append(el('span', 'step-place', ordinal(place)), el('span', 'step-name', rows.map((r) => r.name).join(', ')),
              el('span', 'step-score', fmt(rows[0].score)), el('span', 'step-block'));
    podium.append(li);
  }
  show('final');
  drawStatus();
  return title + ' ' + rank;
}
