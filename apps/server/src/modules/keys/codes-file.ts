/**
 * Reads the codes of a key file: one code per line, or a CSV whose `code` (or `key`) column holds them.
 * A first line naming the column is a header and skipped; blank lines are dropped later by the import.
 * No CSV library is installed, and key files need little of CSV: fields may be quoted ("" for a quote),
 * but never span lines.
 */
const HEADER_NAMES = new Set(['code', 'codes', 'key', 'keys', 'cdkey', 'cd_key']);

/** The fields of one CSV line. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

export function parseCodesText(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1) return [];
  const header = splitCsvLine(lines[first]!).map((h) => h.toLowerCase());
  const named = header.findIndex((h) => HEADER_NAMES.has(h));
  const column = named === -1 ? 0 : named;
  const body = named === -1 ? lines.slice(first) : lines.slice(first + 1);
  return body.map((line) => (line.includes(',') || line.includes('"') ? (splitCsvLine(line)[column] ?? '') : line));
}
