// The teacher page's words: i18n.js's, and a `drawer` that draws again when the language
// changes (shared.js's draws only when its data does, and a switch changes no data).
import { drawer as dataDrawer } from './shared.js';
import { language } from './i18n.js';

export { t, num, ordinal, say } from './i18n.js';

export function drawer(draw) {
  const drawn = dataDrawer(([data]) => draw(data));
  return (data) => drawn([data, language()]);
}
