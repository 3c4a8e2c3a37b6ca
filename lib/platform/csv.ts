import { stringify, type Options } from "csv-stringify/sync";

/*
 * The one CSV writer: csv-stringify, the writer of the csv family whose csv-parse reads uploads.
 * Nothing else writes CSV by hand. Two dialects, each set once here:
 *
 * - For people (reports, bulk-load results and templates), opened in a spreadsheet: UTF-8 with a
 *   byte-order mark at the start of the file (so Excel reads the names right), CRLF line ends, a
 *   field quoted when it holds a comma, a quote or a line break or begins or ends with white space,
 *   and the formula-injection guard: text a spreadsheet would run as a formula (starting with
 *   = + - @, a tab or a carriage return, or their full-width forms) gets a leading '. Numbers are
 *   numbers (-3 is not guarded).
 * - For PostgreSQL's COPY ... FROM (format csv): text always quoted, so an empty text stays distinct
 *   from NULL (an empty field); booleans t/f, dates ISO 8601, LF line ends, no guard (the database
 *   reads it, not a spreadsheet).
 */

export type CsvCell = string | number | boolean | Date | null | undefined;
type CsvRows = readonly (readonly CsvCell[])[];

const FOR_PEOPLE: Options = { record_delimiter: "\r\n", quote_record_delimiter: true, escape_formulas: true, quoted_match: /^\s|\s$/ };
const FOR_COPY: Options = {
  record_delimiter: "\n",
  quote_record_delimiter: true,
  quoted_string: true,
  cast: { boolean: (value) => (value ? "t" : "f"), date: (value) => value.toISOString() },
};

/** Rows as spreadsheet CSV; `bom` starts a file (a file written in pieces puts it on the first piece only). */
export function csvForPeople(rows: CsvRows, { bom = false }: { bom?: boolean } = {}): string {
  return stringify(rows as CsvCell[][], { ...FOR_PEOPLE, bom });
}

/** Rows as the CSV of PostgreSQL's COPY ... FROM (format csv). */
export function csvForCopy(rows: CsvRows): string {
  return stringify(rows as CsvCell[][], FOR_COPY);
}
