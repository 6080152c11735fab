/** CSV rows (quotes honoured, delimiter guessed among ; , TAB) rewritten as TAB-separated lines. */
export function csvToText(text: string): string {
  const sample = text.split(/\r?\n/).slice(0, 20);
  const count = (d: string) => sample.reduce((n, l) => n + (l.split(d).length - 1), 0);
  const delimiter = [';', '\t', ','].sort((a, b) => count(b) - count(a))[0] ?? ';';
  const rows: string[] = [];
  let cell = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char === '\n' || char === '\r' || char === '\t' ? ' ' : char;
      continue;
    }
    if (char === '"' && cell.trim() === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell.trim());
      cell = '';
    } else if (char === '\n') {
      row.push(cell.trim());
      rows.push(row.join('\t'));
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row.join('\t'));
  }
  return rows.join('\n');
}
