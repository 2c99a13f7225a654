// The nine pictures of picture codes: digit d is picture d (374 is star, house, heart). Inline
// SVG, each its own shape with a dark outline, so a black-and-white print reads. Words: page.picture.*.
import { t } from './i18n.js';

const ink = 'stroke="#241f31" stroke-width="2.5" stroke-linejoin="round"';

const drawings = [
  ['sun', '<g stroke="#e66100" stroke-width="4" stroke-linecap="round"><path d="M50 32H59M44.7 44.7L51.1 51.1M32 50V59M19.3 44.7L12.9 51.1M14 32H5M19.3 19.3L12.9 12.9M32 14V5M44.7 19.3L51.1 12.9"/></g>'
    + '<circle cx="32" cy="32" r="13" fill="#f6d32d" ' + ink + '/>'],
  ['moon', '<path d="M31.6 10.1A22 22 0 1 0 50.1 40.9A18 18 0 0 1 31.6 10.1Z" fill="#99c1f1" ' + ink + '/>'],
  ['star', '<polygon points="32,8 38.5,25.1 56.7,26 42.5,37.4 47.3,55 32,45 16.7,55 21.5,37.4 7.3,26 25.5,25.1" fill="#ffa348" ' + ink + '/>'],
  ['heart', '<path d="M32 54C10 40 5 28 10 19C15 11 27 11 32 20C37 11 49 11 54 19C59 28 54 40 32 54Z" fill="#e01b24" ' + ink + '/>'],
  ['tree', '<rect x="28" y="43" width="8" height="15" fill="#865e3c" ' + ink + '/>'
    + '<polygon points="32,5 47,24 40,24 53,43 11,43 24,24 17,24" fill="#33d17a" ' + ink + '/>'],
  ['fish', '<polygon points="42,32 59,19 59,45" fill="#62a0ea" ' + ink + '/>'
    + '<ellipse cx="27" cy="32" rx="20" ry="13" fill="#62a0ea" ' + ink + '/><circle cx="17" cy="29" r="3" fill="#241f31"/>'],
  ['house', '<rect x="14" y="30" width="36" height="27" fill="#f9f06b" ' + ink + '/>'
    + '<polygon points="7,32 32,9 57,32" fill="#a51d2d" ' + ink + '/><rect x="27" y="41" width="10" height="16" fill="#865e3c" ' + ink + '/>'],
  ['ball', '<circle cx="32" cy="32" r="23" fill="#fff" ' + ink + '/>'
    + '<path d="M32 9A23 23 0 0 0 32 55A11 23 0 0 1 32 9Z" fill="#e01b24"/><path d="M32 9A23 23 0 0 1 32 55A11 23 0 0 0 32 9Z" fill="#1c71d8"/>'
    + '<circle cx="32" cy="32" r="23" fill="none" ' + ink + '/>'],
  ['flower', '<path d="M32 36V60M32 50C26 42 18 44 16 47C21 52 28 52 32 50" fill="#2ec27e" ' + ink + '/>'
    + '<g fill="#f66151" ' + ink + '><circle cx="32" cy="13" r="9"/><circle cx="42.5" cy="20.6" r="9"/><circle cx="38.5" cy="32.9" r="9"/>'
    + '<circle cx="25.5" cy="32.9" r="9"/><circle cx="21.5" cy="20.6" r="9"/></g><circle cx="32" cy="24" r="7" fill="#f6d32d" ' + ink + '/>'],
];

const words = () => [t('page.picture.sun', {}, 'sun'), t('page.picture.moon', {}, 'moon'), t('page.picture.star', {}, 'star'),
  t('page.picture.heart', {}, 'heart'), t('page.picture.tree', {}, 'tree'), t('page.picture.fish', {}, 'fish'),
  t('page.picture.house', {}, 'house'), t('page.picture.ball', {}, 'ball'), t('page.picture.flower', {}, 'flower')];

// [{digit: 1, word: 'sun'}, ...]: the word read when asked for, in the language of the moment.
export const pictures = drawings.map((d, i) => ({ digit: i + 1, get word() { return pictureWord(i + 1); } }));

export const pictureWord = (digit) => words()[digit - 1] || '';

// "star, house, heart" for the code 374: what a screen reader says, and the card's caption.
export const codeWords = (code) => String(code || '').split('').map((d) => pictureWord(Number(d))).join(', ');

// Picture `digit` as a new <svg>; `labelled`: it says its word to a screen reader (else hidden).
export function picture(digit, labelled = false) {
  const template = document.createElement('template');
  template.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" class="picture" focusable="false">'
    + drawings[digit - 1][1] + '</svg>';
  const svg = template.content.firstChild;
  svg.dataset.digit = digit;
  if (labelled) { svg.setAttribute('role', 'img'); svg.setAttribute('aria-label', pictureWord(digit)); }
  else svg.setAttribute('aria-hidden', 'true');
  return svg;
}
