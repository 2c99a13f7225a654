// The create form's Class choice: only on the teacher's own browser. The desk (/desk) keeps the
// teacher's secret in sessionStorage; this page sends it (`/teacher`) on every connection and,
// when it is right, lists the classes (`/class list`) for the choice, "No class" first. A wrong
// secret is not sent again: each try counts toward the guess limit.
import { $, el, setHidden } from './shared.js';
import { t, drawer } from './host-words.js';

const secretKey = 'chalkline.teacher';

function storedSecret() {
  try { return sessionStorage.getItem(secretKey) || ''; } catch (e) { return ''; }
}

export function classChoice(page) {
  const { state, commands } = page;
  state.classes = null;        // [{name, students, codes}] once /teacher worked
  state.className = '';        // the class chosen ('' for none)
  let refused = false;

  const ok = {
    teacher() { commands.classes(); },
    class(msg) { if (msg.action === 'list' && Array.isArray(msg.classes)) state.classes = msg.classes; },
  };
  const error = {
    teacher() { refused = true; state.classes = null; },
    class() {},
  };

  const listed = () => ((state.classes || []).some((c) => c.name === state.className) ? state.className : '');

  const drawChoices = drawer(([classes]) => {
    const select = $('create-class');
    select.textContent = '';
    select.append(Object.assign(el('option', '', t('host.class.none', {}, 'No class')), { value: '' }));
    for (const c of classes || []) {
      const text = c.codes ? t('host.class.choice_codes', { name: c.name, count: c.students }, '{name} ({count} students, picture codes)')
        : t('host.class.choice', { name: c.name, count: c.students }, '{name} ({count} students)');
      select.append(Object.assign(el('option', '', text), { value: c.name }));
    }
  });

  $('create-class').addEventListener('change', (e) => { state.className = e.target.value; });

  function draw() {
    setHidden('create-class-field', !state.classes);
    if (!state.classes) return;
    drawChoices([state.classes]);
    const select = $('create-class');
    if (select.value !== listed()) select.value = listed();
  }

  return {
    ok, error, draw,
    // On every `welcome`: the connection is the teacher's again before anything else is sent.
    reconnected() {
      const secret = storedSecret();
      if (secret && !refused) commands.teacher(secret);
    },
    // The class= of the room being created ('' for none).
    chosen: listed,
  };
}
