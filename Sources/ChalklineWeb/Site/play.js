// The student page, a client of protocol.md over /ws: the commands (play-connection.js), the
// replies (play-replies.js) and events (play-handlers.js) change the state (play-state.js), and
// the views are drawn from it (play-view.js, play-round.js, play-choices.js, play-words.js).
// Here: the controls, and the language (i18n.js): loaded before the first view is drawn, and
// every view drawn again from the state when the switcher changes it.
import { $ } from './shared.js';
import { t, startLanguage, languageSwitcher, onLanguage } from './i18n.js';
import { state, saveSeat, lastName, me } from './play-state.js';
import { show, showJoin, joinError, clearJoinErrors, drawLobby, drawComeback, drawNotice, drawJoining, drawStatus, drawGone } from './play-view.js';
import { drawAnswerForm, drawPause, drawQuestion, drawResults, drawLevelResults, drawFinal } from './play-round.js';
import { wireWordBuilder, drawBoard, drawBoardClosed } from './play-words.js';
import { wireChoices } from './play-choices.js';
import { line, commands, listeners } from './play-connection.js';
import { joinFailed } from './play-replies.js';
import { dispatch, socketClosed } from './play-handlers.js';
import { proceed, startJoin, askNames, classRoom, showNames, wireClass, typedCode, drawNames, drawPad } from './play-class.js';

// A catalog slow to come does not hold the page (i18n.js's `startLanguage`): it starts in
// English, and `onLanguage` below redraws it in the language when the catalog arrives.
await startLanguage();

Object.assign(listeners, { message: dispatch, closed: socketClosed });

$('join-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const code = typedCode($('join-code').value);
  const name = $('join-name').value.trim();
  clearJoinErrors();
  if (!code) { joinFailed('join-code-error', t('play.join.code.missing', {}, 'Type the room code your host shows.')); return; }
  $('join-code').value = code;
  state.code = code;
  state.joining = { code, name, typed: true };
  state.ending = false;
  drawJoining();
  proceed();
});

// The code typed in full: a class's names may replace the name box before a name is typed.
$('join-code').addEventListener('change', () => {
  const code = typedCode($('join-code').value);
  if (code.length >= 4 && !state.joining) askNames(code);
});

$('answer-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = state.question;
  const text = $('answer-input').value.trim();
  if (!q || q.answered || q.sending || !text) return;
  if (!commands.answer(text, q.id)) return;
  q.sending = true;
  drawAnswerForm(false);
});

$('comeback-ask').addEventListener('click', () => {
  if (!state.comeback) return;
  state.comeback.asked = true;
  state.comeback.error = '';
  drawComeback();
  commands.comeback(state.comeback.code, state.comeback.name);
});

$('comeback-other').addEventListener('click', () => {
  const asked = state.comeback;
  state.comeback = null;
  drawComeback();
  // A request still waiting goes when this connection joins anything else.
  const args = asked && { code: asked.code, name: asked.name };
  if (asked && classRoom(asked.code)) { showNames(['play.comeback.taken.tap', args, 'Someone in room {code} is already called {name}. Tap your own name.']); return; }
  showJoin(asked ? asked.code : '', '');
  joinError('join-name-error', asked ? t('play.comeback.taken', args, 'Someone in room {code} is already called {name}. Pick another name.') : '');
});

$('gone-again').addEventListener('click', () => {
  const room = state.gone ? state.gone.room : '';
  state.ending = false;
  state.gone = null;
  delete document.body.dataset.ended;
  saveSeat(null);
  startJoin(room, '');
});

$('try-again').addEventListener('click', () => {
  $('try-again').hidden = true;
  state.again = true;
  commands.leave();
});

for (const id of ['next-question-button', 'next-level-button']) {
  $(id).addEventListener('click', () => {
    if (!state.pause || state.pause.sent) return;
    state.pause.sent = true;
    drawPause();
    commands.next();
  });
}

wireWordBuilder();
wireChoices();
wireClass();
languageSwitcher($('lang'));

// The view on show, drawn again in the language just chosen (the HTML's words are translated by
// i18n.js; the server's next messages come in it, line.js has told it).
onLanguage(() => {
  drawStatus();
  drawNotice();
  const views = {
    names: drawNames,
    pictures: drawPad,
    comeback: drawComeback,
    lobby: drawLobby,
    question: () => drawQuestion(false),
    results: drawResults,
    board: () => drawBoard(false),
    level: () => { drawBoardClosed(); drawLevelResults(state.result.clues.filter((c) => c.solved_by === me()).map((c) => c.word)); },
    final: drawFinal,
    gone: drawGone,
  };
  if (views[state.view]) views[state.view]();
  if (state.pause) drawPause();
});
$('team-list').addEventListener('click', (e) => {
  const button = e.target.closest('button[data-team]');
  if (button) commands.team(button.dataset.team);
});

// A reload takes its seat back; else the form, with the link's code and the last name.
const params = new URLSearchParams(location.search);
const room = (params.get('room') || '').replace(/\s+/g, '').toUpperCase();
if (state.seat && (!room || room === state.seat.room)) {
  $('join-code').value = state.seat.room;
  state.code = state.seat.room;
  state.trouble = ['play.trouble.reconnecting', {}, 'Reconnecting…'];
  drawLobby();
  show('lobby');
  drawNotice();
  line.connect();
} else {
  saveSeat(null);
  startJoin(room, lastName());
  drawStatus();
}
