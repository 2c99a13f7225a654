// Drawing tools: writes that touch the page only when the value changes, so a redraw from the
// same state leaves the page, its focus and its observers alone.
export const $ = (id) => document.getElementById(id);

const numbers = new Intl.NumberFormat();
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' });
const suffixes = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
export const fmt = (n) => numbers.format(n);
export const ordinal = (n) => n + (suffixes[ordinals.select(n)] || 'th');

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

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
  return (data, force) => {
    const key = JSON.stringify(data);
    if (key === last && !force) return;
    last = key;
    draw(data);
  };
}

export function announce(text) {
  const live = $('live');
  live.append(el('p', '', text));
  while (live.children.length > 4) live.firstElementChild.remove();
}
