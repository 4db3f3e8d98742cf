type Cell = string | number | boolean | Date | null | undefined | string[];

/** Spreadsheets run cells starting with these as formulas (CSV injection); a leading quote makes them text. */
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(";") : String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export function toCsv<T extends Record<string, Cell>>(rows: T[], columns: (keyof T & string)[]): string {
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** One JSON object per line. */
export function toJsonLines(rows: object[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join("");
}
