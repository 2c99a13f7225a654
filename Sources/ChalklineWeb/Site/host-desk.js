// Around every view: the status strip, the controls, the banner, the come-back requests, chat.
import { $, el, chatLine, setText, setHidden } from './shared.js';
import { t, num, drawer, say } from './host-words.js';

export function desk(page) {
  const { state, commands } = page;

  function drawControls() {
    const running = state.roomState === 'running';
    setHidden('controls', state.role !== 'host' || state.moving || state.view === 'gone');
    $('btn-start').disabled = running;
    $('btn-skip').disabled = !(running && state.view === 'play');
    setText('btn-skip', state.game === 'words' ? t('host.control.skip_level', {}, 'Skip level') : t('host.control.skip', {}, 'Skip question'));
    $('btn-stop').disabled = !running;
    $('btn-report').disabled = running || !state.lastGame;
    $('btn-lock').setAttribute('aria-pressed', String(state.locked));
    setText('btn-lock', state.locked ? t('host.control.unlock', {}, 'Unlock room') : t('host.control.lock', {}, 'Lock room'));
    $('btn-chat').setAttribute('aria-pressed', String(state.chat));
    setText('btn-chat', state.chat ? t('host.control.chat_on', {}, 'Chat: on') : t('host.control.chat_off', {}, 'Chat: off'));
  }

  function drawStatus() {
    setHidden('status', !state.entered);
    if (state.entered) { setText('status-room', state.room); setText('status-game', state.game); }
    setText('status-players', num(state.count));
    setText('status-chat', state.chat ? t('host.status.on', {}, 'on') : t('host.status.off', {}, 'off'));
    setText('status-lock', state.locked ? t('host.status.locked', {}, 'locked') : t('host.status.open', {}, 'open'));
  }

  // A request answered waits, its buttons off, for the reply. Rows come and go one by one:
  // the focus on one stays while others come or go.
  const drawComebacks = drawer(([comebacks]) => {
    const list = $('comeback-list'), rows = {};
    for (const li of [...list.children]) { if (comebacks.some((c) => c.number === li.dataset.number)) rows[li.dataset.number] = li; else li.remove(); }
    for (const c of comebacks) {
      const li = rows[c.number] || list.appendChild(comebackRow(c));
      for (const b of li.querySelectorAll('button')) b.disabled = c.answered;
    }
    $('comebacks').hidden = !comebacks.length;
  });

  function comebackRow(c) {
    const li = el('li');
    li.dataset.name = c.name;
    li.dataset.number = c.number;
    li.append(el('span', '', t('host.comeback.asks', { name: c.name, number: c.number }, '{name} wants to come back (another device) · number {number}')));
    // The first device is live: a frozen tablet, or a classmate asking under the name?
    if (c.connected) li.append(el('strong', 'comeback-warning', t('host.comeback.still_playing', { name: c.name }, "{name}'s first device is still connected and playing: check with {name} before letting this one in.")));
    for (const [label, cls, allowed] of [[t('host.comeback.let_in', {}, 'Let back in'), 'primary', true], [t('host.comeback.no', {}, 'No'), '', false]]) {
      const b = Object.assign(el('button', cls, label), { type: 'button' });
      b.addEventListener('click', () => answer(c, allowed));
      li.append(b);
    }
    return li;
  }

  function answer(comeback, allowed) {
    state.comebackAnswered = comeback.number;
    state.comebacks = state.comebacks.map((c) => (c.number === comeback.number ? Object.assign({}, c, { answered: true }) : c));
    commands.letIn(comeback.name, comeback.number, allowed);
    page.render();
  }

  // The lines not drawn yet, each as the chat event draws it; an emptied log (a new room) goes.
  let drawnChat = [];
  function drawChat(lines) {
    if (!lines.length && drawnChat.length) $('chat-log').replaceChildren();
    for (const line of lines) if (!drawnChat.includes(line)) chatLine(line);
    drawnChat = lines;
  }

  function draw() {
    drawStatus();
    drawControls();
    setHidden('notice', state.notice === null);
    if (state.notice !== null) setText('notice', say(state.notice));
    drawComebacks([state.comebacks]);
    drawChat(state.chatLines);
    // The projector shows the chat box while chat is on or something was said.
    setHidden('chat', !(state.chatLines.length || (state.role === 'host' && state.chat)));
    setHidden('say-form', state.role !== 'host');
  }

  $('btn-start').addEventListener('click', () => commands.start());
  $('btn-skip').addEventListener('click', () => commands.skip());
  $('btn-stop').addEventListener('click', () => commands.stop());
  $('btn-lock').addEventListener('click', () => commands.lock(!state.locked));
  $('btn-chat').addEventListener('click', () => commands.chat(!state.chat));
  $('btn-report').addEventListener('click', () => commands.report());
  $('btn-new').addEventListener('click', () => {
    if (state.roomState === 'running' && !window.confirm(t('host.confirm.new_room', {}, 'Stop this game and close the room?'))) return;
    if (!state.players.size) { commands.leave(); return; }
    const n = state.players.size;
    state.moving = true;
    page.stopClock();
    page.showCreate();
    state.moveText = ['host.create.moving', { count: n, room: state.room }, ['The player in room {room} moves to the new room by themselves when you create it.',
      'The {count} players in room {room} move to the new room by themselves when you create it.']];
    page.render();
  });
  $('say-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const t = $('say-input').value.trim();
    if (t && commands.say(t)) $('say-input').value = '';
  });

  return { draw };
}
