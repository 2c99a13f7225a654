// Writes that touch the page only when the value changes: a redraw from the same state leaves
// the page, its focus and its observers alone.
import { $ } from './shared.js';

export function setText(id, text) { const node = $(id); if (node.textContent !== text) node.textContent = text; }
export function setHidden(id, hidden) { const node = $(id); if (node.hidden !== hidden) node.hidden = hidden; }
export function setData(node, key, value) {
  if (value === null || value === undefined) { if (key in node.dataset) delete node.dataset[key]; }
  else if (node.dataset[key] !== String(value)) node.dataset[key] = value;
}

// `draw(data)` when `data` differs from what it drew last: a list is rebuilt only when it
// changed, not under the teacher's click.
export function drawer(draw) {
  let last;
  return (data) => {
    const key = JSON.stringify(data);
    if (key === last) return;
    last = key;
    draw(data);
  };
}
