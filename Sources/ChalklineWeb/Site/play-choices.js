// Multiple choice (a question set's `choices`): one big button a choice, A, B..., and keys 1..N
// and A..N; a tap or a key sends the option's text (`/answer Na`), never its letter: options can
// be letters themselves (`H  B  C  Na`), and the server reads an option's text first. Drawn from
// the state: the buttons are built once a question, their marks (chosen, right, wrong) and lock
// set from the state on every draw.
import { $, el, drawer } from './shared.js';
import { t } from './i18n.js';
import { state, letter, choiceMarks, choicesLocked } from './play-state.js';
import { commands } from './play-connection.js';

const marks = { right: '✓', wrong: '✗', chosen: '•' };

// A question's buttons, built when the question (its id and its choices) changes.
const build = drawer(([, choices]) => {
  const box = $('choices');
  box.textContent = '';
  for (const [i, text] of choices.entries()) {
    const b = el('button', 'choice');
    b.type = 'button';
    b.dataset.letter = letter(i);
    b.append(el('span', 'choice-key', letter(i)), el('span', 'choice-text', text), el('span', 'choice-mark'));
    box.append(b);
  }
});

export function drawChoices() {
  const q = state.question;
  const box = $('choices');
  box.hidden = !q || !q.choices;
  if (box.hidden) return;
  build([q.id, q.choices]);
  const locked = choicesLocked();
  const shown = choiceMarks();
  box.dataset.locked = locked;
  for (const [i, b] of [...box.children].entries()) {
    const mark = shown[i];
    if (mark) b.dataset.mark = mark; else delete b.dataset.mark;
    b.setAttribute('aria-pressed', String(q.chosen === i));
    b.setAttribute('aria-disabled', String(locked));
    b.lastChild.textContent = marks[mark] || '';
    const said = { chosen: t('play.choice.mine', {}, 'your answer'), right: t('play.result.right', {}, 'right'), wrong: t('play.result.wrong', {}, 'wrong') };
    b.lastChild.setAttribute('aria-label', said[mark] || '');
  }
}

// What a screen reader says after the question.
export function choicesSaid(q) {
  if (!q.choices) return '';
  return ' ' + q.choices.map((text, i) => letter(i) + ': ' + text).join('; ') + '. ' + t('play.choice.how', { last: q.choices.length }, 'Tap one, or press 1 to {last}.');
}

// The choice `i` sent, once: the buttons lock until the reply (a refusal unlocks them).
function choose(i) {
  const q = state.question;
  if (!q || !q.choices || i < 0 || i >= q.choices.length || choicesLocked() || state.view !== 'question') return;
  // On one line, as the server compares it (runs of blanks are one space).
  if (!commands.answer(q.choices[i].replace(/\s+/g, ' ').trim(), q.id)) return;
  q.sending = true;
  q.chosen = i;
  q.feedback = null;
  drawChoices();
}

// A key is for the buttons unless it is typed into something else (the chat, a field), or is
// a shortcut of the browser's.
function keyChoice(e) {
  const t = e.target;
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return -1;
  if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return -1;
  if (/^[1-9]$/.test(e.key)) return Number(e.key) - 1;
  if (/^[a-z]$/i.test(e.key)) return e.key.toUpperCase().charCodeAt(0) - 65;
  return -1;
}

export function wireChoices() {
  $('choices').addEventListener('click', (e) => {
    const b = e.target.closest('button.choice');
    if (b) choose(b.dataset.letter.charCodeAt(0) - 65);
  });
  document.addEventListener('keydown', (e) => {
    const q = state.question;
    const i = keyChoice(e);
    if (i < 0 || !q || !q.choices || i >= q.choices.length || state.view !== 'question') return;
    e.preventDefault();
    choose(i);
  });
}
