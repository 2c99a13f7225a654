// The word puzzle: the board drawn from the state, and the builder whose taps change it.
import { $, el, fmt, announce } from './shared.js';
import { t, tn } from './i18n.js';
import { state, groupText, typedWord, builtMatches, tapped } from './play-state.js';
import { show } from './play-view.js';
import { drawFeedback } from './play-round.js';
import { commands } from './play-connection.js';

export function drawBoard(fresh) {
  const b = state.board;
  $('board-round').textContent = t('play.board.round', { round: b.round, levels: b.levels }, 'Level {round} of {levels}');
  $('board-round').dataset.key = b.level + ':' + b.round;
  $('level-results').hidden = true;
  document.querySelector('#view-board .puzzle').hidden = false;
  drawClues();
  drawGroups();
  drawWord();
  show('board');
  if (fresh) $('word-input').focus({ preventScroll: true });
}

export function drawBoardClosed() {
  drawClues();
  document.querySelector('#view-board .puzzle').hidden = false;
  $('word-form').hidden = true;
  $('groups').hidden = true;
}

export function drawWord() {
  $('word-input').value = state.word;
  drawFeedback($('word-feedback'), state.wordFeedback);
}

export function drawClues() {
  const list = $('clues');
  list.textContent = '';
  for (const c of state.board.clues) {
    // A level's end shows the words nobody found, not as found.
    const li = el('li', c.word ? (c.solved_by ? 'clue solved' : 'clue missed') : 'clue');
    li.dataset.n = c.n;
    li.append(el('span', 'clue-n', c.n + '.'), el('span', 'clue-text', c.clue),
              el('span', 'clue-letters', tn('play.clue.letters', c.letters, {}, ['{count} letter', '{count} letters'])));
    if (c.word) {
      const who = ' ' + (c.solved_by ? c.solved_by + (c.points ? ' +' + fmt(c.points) : '') : t('play.clue.nobody', {}, '(nobody)'));
      li.append(el('span', 'clue-word', c.word), el('span', 'clue-by', who));
    }
    list.append(li);
  }
}

// In place: someone else's claim must not take a keyboard user's focus away.
export function drawGroups() {
  const box = $('groups');
  box.hidden = false;
  $('word-form').hidden = false;
  const buttons = new Map([...box.querySelectorAll('button.group')].map((b) => [Number(b.dataset.id), b]));
  let refocus = false;
  for (const [id, b] of buttons) {
    const g = state.board.groups[id];
    if (!g || g.gone || g.text !== b.textContent) {
      if (b === document.activeElement) refocus = true;
      b.remove();
      buttons.delete(id);
    }
  }
  let previous = null;
  for (const g of state.board.groups) {
    if (g.gone) continue;
    let b = buttons.get(g.id);
    if (!b) {
      b = el('button', 'group', g.text);
      b.type = 'button';
      b.dataset.id = g.id;
      if (previous) previous.after(b); else box.prepend(b);
    }
    const used = state.built.includes(g.id);
    b.setAttribute('aria-pressed', used ? 'true' : 'false');
    b.disabled = used;
    previous = b;
  }
  if (refocus) {
    const next = box.querySelector('button.group:not([disabled])');
    if (next) next.focus();
  }
}

export function clearWord() {
  state.built = [];
  state.word = '';
  if (!state.board) return;
  drawGroups();
  $('word-input').value = '';
}

// A classmate's word took groups out of this student's: the rest stays, and the page says why.
export function dropFromWord(lost, msg) {
  if (state.seat && msg.name === state.seat.name) { clearWord(); return; }
  const typed = typedWord();
  const before = typed.endsWith(tapped()) ? typed.slice(0, typed.length - tapped().length) : '';
  const gone = lost.map(groupText);
  state.built = state.built.filter((id) => !lost.includes(id));
  state.word = before + tapped();
  const args = { name: msg.name, word: msg.word, groups: gone.join(', ') };
  const said = state.word
    ? ['play.word.lost_kept', { ...args, count: gone.length }, ['{name} solved {word}: {groups} is gone from your word, the rest is kept.', '{name} solved {word}: {groups} are gone from your word, the rest is kept.']]
    : ['play.word.lost', { ...args, count: gone.length }, ['{name} solved {word}: {groups} is gone from your word.', '{name} solved {word}: {groups} are gone from your word.']];
  state.wordFeedback = { state: 'info', points: 0, text: said };
  drawWord();
  announce(t(...said));
}

export function wireWordBuilder() {
  $('groups').addEventListener('click', (e) => {
    const b = e.target.closest('button.group');
    if (!b || b.disabled) return;
    const id = Number(b.dataset.id);
    if (!builtMatches()) state.built = [];
    state.word = typedWord() + groupText(id);
    state.built.push(id);
    const wasFocused = document.activeElement === b;
    drawGroups();
    $('word-input').value = state.word;
    // The tapped button is disabled now: the focus goes to the next group.
    if (wasFocused || document.activeElement === document.body) {
      const next = b.nextElementSibling && !b.nextElementSibling.disabled ? b.nextElementSibling
        : $('groups').querySelector('button.group:not([disabled])');
      if (next) next.focus();
    }
  });

  $('word-input').addEventListener('input', () => {
    state.word = $('word-input').value;
    if (!builtMatches()) { state.built = []; drawGroups(); }
  });

  $('word-back').addEventListener('click', () => {
    if (state.built.length && builtMatches()) {
      const id = state.built.pop();
      state.word = typedWord().slice(0, -groupText(id).length);
    } else {
      state.word = state.word.slice(0, -1);
    }
    drawGroups();
    $('word-input').value = state.word;
  });

  $('word-clear').addEventListener('click', () => { clearWord(); $('word-input').focus(); });

  $('word-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const word = state.word.trim();
    if (!word || !state.board) return;
    state.board.sent = typedWord();
    commands.answer(word, state.board.id);
  });
}
