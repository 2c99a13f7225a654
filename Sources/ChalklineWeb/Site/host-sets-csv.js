// The editor's rows as text and back: Chalkline CSV as the server's SetFile.csv writes it (the
// export, and the lines a save sends), and rows pasted from a spreadsheet (tab-separated).
// A row in the editor is strings as typed: several answers or choices in one box, split by `|`.

// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
export function csvField(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

const split = (text) => String(text).split('|').map((t) => t.trim()).filter((t) => t);
const blank = (row) => !row.question.trim() && !split(row.answers).length && !split(row.choices).length && !row.time.trim();

// An editor row from `/sets show`'s json.
export const editorRow = (q) => ({
  question: q.question, answers: q.answers.join(' | '), choices: (q.choices || []).join(' | '),
  time: q.time === null || q.time === undefined ? '' : String(q.time),
});

// The set file of the rows (the blank ones left out), as SetFile.csv writes it: a header
// `question,answer[,answer...][,choices][,time]` with as many answer columns as the row with the
// most needs, `choices` and `time` when a row has them; LF line ends. `rows` are the rows written.
export function setCSV(rows) {
  const kept = rows.filter((r) => !blank(r));
  const width = Math.max(1, ...kept.map((r) => split(r.answers).length));
  const choices = kept.some((r) => split(r.choices).length), time = kept.some((r) => r.time.trim());
  const header = ['question'].concat(Array(width).fill('answer'), choices ? ['choices'] : [], time ? ['time'] : []);
  const records = kept.map((r) => {
    const answers = split(r.answers);
    return [r.question.trim()].concat(answers, Array(width - answers.length).fill(''),
      choices ? [split(r.choices).join('|')] : [], time ? [r.time.trim()] : []);
  });
  return { text: [header].concat(records).map((fields) => fields.map(csvField).join(',') + '\n').join(''), rows: kept };
}

// A set file's text as the lines `/sets add` sends (a quoted line break makes two lines, as in
// the file); the last line's end is not a line of its own.
export const fileLines = (text) => text.replace(/\r?\n$/, '').split(/\r?\n/);

// Lines packed into as few `/sets add` lines as fit the protocol's 1024 bytes; null and the
// line's index when one line alone is too long.
export function packLines(lines, command, max = 1024) {
  const bytes = (s) => new TextEncoder().encode(s).length;
  const packed = [];
  let chunk = [];
  for (let i = 0; i < lines.length; i++) {
    if (bytes(command([lines[i]])) > max) return { tooLong: i };
    if (chunk.length && bytes(command(chunk.concat([lines[i]]))) > max) { packed.push(command(chunk)); chunk = []; }
    chunk.push(lines[i]);
  }
  if (chunk.length) packed.push(command(chunk));
  return { packed };
}

// Cells copied from a spreadsheet: tab between cells, a line a row, a cell holding a tab, a
// quote or a line break quoted as in CSV. Null when it is one cell (an ordinary paste).
export function pastedRows(text) {
  const table = cells(text.replace(/\r\n?/g, '\n').replace(/\n+$/, ''));
  if (table.length < 2 && (table[0] || []).length < 2) return null;
  // A header row (question, answer, ...) says which column is what, as a CSV file's does;
  // without one: the question, then each cell an accepted answer (flashcard apps' export).
  const head = table[0].map((c) => c.trim().toLowerCase());
  const named = head.includes('question') && head.some((c) => c.startsWith('answer'));
  const role = (i) => (named ? ((head[i] || '').startsWith('answer') ? 'answers' : head[i]) : i ? 'answers' : 'question');
  const rows = [];
  for (const cellsOfRow of named ? table.slice(1) : table) {
    const row = { question: '', answers: [], choices: '', time: '' };
    cellsOfRow.forEach((c, i) => {
      const r = role(i);
      if (r === 'answers') row.answers.push(...split(c));
      else if (r in row) row[r] = c.trim();
    });
    rows.push(Object.assign(row, { answers: row.answers.join(' | ') }));
  }
  return rows.filter((r) => !blank(r));
}

function cells(text) {
  const table = [[]];
  let i = 0;
  while (i <= text.length) {
    let cell = '';
    if (text[i] === '"') {
      i += 1;
      while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) { cell += text[i]; i += text[i] === '"' ? 2 : 1; }
      i += 1;
    }
    while (i < text.length && text[i] !== '\t' && text[i] !== '\n') cell += text[i++];
    table[table.length - 1].push(cell);
    if (text[i] === '\n') table.push([]);
    i += 1;
  }
  return table;
}
