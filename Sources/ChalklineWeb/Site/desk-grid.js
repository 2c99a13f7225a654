// The desk's figures as SVG made here: the 12 x 12 times grid and the weekly trend, big enough for
// the back of a class, in colours that print and marked so they read without colour too.
import { t, num } from './i18n.js';
import { tp, secs, pct, shortDate } from './desk-words.js';

const NS = 'http://www.w3.org/2000/svg';
export const SLOW_MS = 6000;          // a fact answered slower than this (median) is "slow"
const SIZE = 12, CELL = 52, HEAD = 44;

// DESIGN40.md's bands; dark ink on each (contrast 6:1 or more) for a washed-out projector.
export const BANDS = [
  { key: 'good', min: 0.9, fill: '#4fb463', label: () => t('desk.grid.good', {}, '90% or more right') },
  { key: 'fair', min: 0.7, fill: '#f2c641', label: () => t('desk.grid.fair', {}, '70% to 89% right') },
  { key: 'poor', min: 0, fill: '#ec7a6d', label: () => t('desk.grid.poor', {}, 'below 70% right') },
];
const UNASKED = { key: 'none', fill: '#e4e5ec', label: () => t('desk.grid.none', {}, 'not asked') };
const INK = '#1a1c2e';

export function band(row) {
  if (!row || !row.asked) return UNASKED;
  const accuracy = row.right / row.asked;
  return BANDS.find((b) => accuracy >= b.min);
}
export const isSlow = (row) => !!row && row.median_ms !== null && row.median_ms !== undefined && row.median_ms > SLOW_MS;

function node(tag, attrs, text) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

const percent = (row) => Math.round((100 * row.right) / row.asked);
const hasTime = (row) => row.median_ms !== null && row.median_ms !== undefined;

function factTitle(a, b, row) {
  const fact = a + ' × ' + b;
  if (!row || !row.asked) return t('desk.grid.fact_none', { fact }, '{fact}: not asked');
  // The form follows the number right ("1 juste sur 5"), so the number asked has its own name.
  const args = { fact, asked: row.asked, time: hasTime(row) ? secs(row.median_ms) : '' };
  const text = hasTime(row) ? tp('desk.grid.fact_timed', row.right, '{fact}: {count} of {asked} right, median {time}', '{fact}: {count} of {asked} right, median {time}', args)
    : tp('desk.grid.fact', row.right, '{fact}: {count} of {asked} right', '{fact}: {count} of {asked} right', args);
  return text + (isSlow(row) ? ' ' + t('desk.grid.slow_mark', {}, '(slow)') : '');
}

// The `times` rows as the grid, a row per table `a`: each fact a <g class="fact"> with data-a,
// -b, -asked, -right, -band, -slow and a <title> in words.
export function timesGrid(times, caption) {
  const facts = new Map();
  for (const r of times || []) facts.set(r.a + 'x' + r.b, r);
  const side = HEAD + SIZE * CELL;
  const svg = node('svg', { viewBox: '0 0 ' + side + ' ' + side, class: 'times-grid', role: 'group', 'font-family': 'system-ui, sans-serif' });
  svg.append(node('title', {}, caption));
  // A hatch and a dot for a slow fact: it reads in greyscale too.
  const defs = node('defs');
  const hatch = node('pattern', { id: 'slow-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  hatch.append(node('rect', { width: 3, height: 8, fill: INK, 'fill-opacity': 0.28 }));
  defs.append(hatch);
  svg.append(defs);
  svg.append(node('text', { x: HEAD / 2, y: HEAD / 2 + 7, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: INK }, '×'));
  for (let i = 1; i <= SIZE; i += 1) {
    const at = HEAD + (i - 1) * CELL + CELL / 2;
    svg.append(node('text', { x: at, y: HEAD / 2 + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: INK, class: 'head-b' }, String(i)));
    svg.append(node('text', { x: HEAD / 2, y: at + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: INK, class: 'head-a' }, String(i)));
  }
  for (let a = 1; a <= SIZE; a += 1) {
    for (let b = 1; b <= SIZE; b += 1) {
      const row = facts.get(a + 'x' + b), x = HEAD + (b - 1) * CELL, y = HEAD + (a - 1) * CELL;
      const kind = band(row), slow = isSlow(row);
      const g = node('g', { class: 'fact', 'data-a': a, 'data-b': b, 'data-asked': row ? row.asked : 0,
                            'data-right': row ? row.right : 0, 'data-band': kind.key, 'data-slow': slow ? 'yes' : 'no' });
      g.append(node('title', {}, factTitle(a, b, row)));
      g.append(node('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: kind.fill, stroke: '#ffffff', 'stroke-width': 2 }));
      if (slow) {
        g.append(node('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: 'url(#slow-hatch)' }));
        g.append(node('circle', { cx: x + CELL - 11, cy: y + 11, r: 6, fill: INK, stroke: '#ffffff', 'stroke-width': 2 }));
      }
      if (row && row.asked) {
        g.append(node('text', { x: x + CELL / 2, y: y + CELL / 2 + 7, 'text-anchor': 'middle', 'font-size': 19, 'font-weight': 700, fill: INK }, String(percent(row))));
      }
      svg.append(g);
    }
  }
  return svg;
}

export function gridLegend() {
  const list = document.createElement('ul');
  list.className = 'grid-legend';
  for (const b of BANDS.concat([UNASKED])) list.append(legendItem(swatch(b.fill, false), b.label()));
  list.append(legendItem(swatch('#ffffff', true), t('desk.grid.slow', { time: secs(SLOW_MS) }, 'slow: median over {time}')));
  const note = document.createElement('li');
  note.textContent = t('desk.grid.number', {}, 'The number in a square: % right');
  list.append(note);
  return list;
}

function swatch(fill, slow) {
  const svg = node('svg', { viewBox: '0 0 28 28', width: 28, height: 28, 'aria-hidden': 'true' });
  svg.append(node('rect', { x: 1, y: 1, width: 26, height: 26, rx: 4, fill, stroke: INK, 'stroke-width': 1 }));
  if (slow) svg.append(node('circle', { cx: 14, cy: 14, r: 6, fill: INK }));
  return svg;
}

function legendItem(mark, text) {
  const li = document.createElement('li');
  li.append(mark, document.createTextNode(' ' + text));
  return li;
}

// `weeks` rows as a bar a week, its value on it: `key` 'accuracy' or 'median_ms'.
export function weekBars(weeks, key, caption) {
  const rows = weeks || [];
  const W = 640, H = 300, left = 56, bottom = 56, top = 36, barGap = 10;
  const isAccuracy = key === 'accuracy';
  const values = rows.map((r) => (r[key] === null || r[key] === undefined ? null : r[key]));
  // Time: the axis ends at a whole second above the slowest week.
  const max = isAccuracy ? 1 : 2000 * Math.ceil(Math.max(1000, ...values.filter((v) => v !== null)) * 1.1 / 2000);
  const svg = node('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'week-bars', role: 'img', 'font-family': 'system-ui, sans-serif', 'data-key': key });
  svg.append(node('title', {}, caption));
  const plotH = H - top - bottom, plotW = W - left - 12;
  const y = (v) => top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max];
  for (const tick of ticks) {
    svg.append(node('line', { x1: left, x2: W - 12, y1: y(tick), y2: y(tick), stroke: '#8a8fb0', 'stroke-width': 1, 'stroke-dasharray': tick ? '4 4' : '' }));
    svg.append(node('text', { x: left - 8, y: y(tick) + 6, 'text-anchor': 'end', 'font-size': 17, fill: INK }, isAccuracy ? pct(tick) : num(tick / 1000) + ' s'));
  }
  if (!rows.length) {
    svg.append(node('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', 'font-size': 20, fill: INK }, t('desk.grid.no_answers', {}, 'No answers in these dates')));
    return svg;
  }
  const slot = plotW / rows.length, width = Math.min(90, slot - barGap);
  rows.forEach((r, i) => {
    const v = values[i], cx = left + slot * i + slot / 2;
    const g = node('g', { class: 'week', 'data-week': r.week, 'data-value': v === null ? '' : v });
    const value = v === null ? t('desk.grid.week_none', {}, 'no right answers')
      : isAccuracy ? t('desk.grid.week_right', { pct: pct(v) }, '{pct} right') : t('desk.grid.week_median', { time: secs(v) }, 'median {time}');
    g.append(node('title', {}, tp('desk.grid.week', r.answers, 'Week of {week}: {value}, {count} answered', 'Week of {week}: {value}, {count} answered', { week: shortDate(r.week), value })));
    if (v !== null) {
      g.append(node('rect', { x: cx - width / 2, y: y(v), width, height: Math.max(0, y(0) - y(v)), fill: isAccuracy ? '#2f3590' : '#5a6ab8', rx: 3 }));
      g.append(node('text', { x: cx, y: y(v) - 8, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700, fill: INK }, isAccuracy ? pct(v) : secs(v)));
    }
    g.append(node('text', { x: cx, y: H - bottom + 26, 'text-anchor': 'middle', 'font-size': 17, fill: INK }, shortDate(r.week)));
    svg.append(g);
  });
  return svg;
}
