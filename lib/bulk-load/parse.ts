import "server-only";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
/**
 * A bulk-load file as rows of text cells: CSV (quoting, BOM and line ends by csv-parse) or XLSX (the
 * first worksheet, by exceljs). `line` is the row's line in the file (CSV: the line the record ends on;
 * XLSX: the row number), so the results file points at what a person sees in their editor.
 */

import { FILE_SIZE_MESSAGE, MAX_FILE_BYTES } from "./columns";

export { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, MAX_FILE_BYTES } from "./columns";
const MAX_ROWS = 200_000;
const FILE_ROWS_MESSAGE = `The file may not have more than ${MAX_ROWS.toLocaleString("en-US")} rows`;
const FILE_EMPTY_MESSAGE = "The file has no rows below its header";

export type FileKind = "csv" | "xlsx";

interface ParsedFile {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

export class FileProblem extends Error {}

/** The file's kind from its name, confirmed by its first bytes (an XLSX is a ZIP; a CSV has no NUL). */
export function fileKindOf(fileName: string, head?: Uint8Array): FileKind | null {
  const lower = fileName.toLowerCase();
  const kind: FileKind | null = lower.endsWith(".csv") ? "csv" : lower.endsWith(".xlsx") ? "xlsx" : null;
  if (!kind || !head) return kind;
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (kind === "xlsx") return zip ? kind : null;
  return zip || head.subarray(0, 4096).includes(0) ? null : kind;
}

function csvProblem(error: unknown): FileProblem {
  const line = (error as { lines?: number }).lines;
  return new FileProblem(`The CSV file could not be read${line ? ` (line ${line})` : ""}: check its quotes`);
}

/** Lines of the file (a final line end starts no line). */
function lineCount(buffer: Buffer): number {
  let n = 0;
  for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) n++;
  return buffer.length && buffer[buffer.length - 1] !== 10 ? n + 1 : n;
}

/** How often a byte occurs in the buffer. */
function byteCount(buffer: Buffer, byte: number): number {
  let n = 0;
  for (let i = buffer.indexOf(byte); i !== -1; i = buffer.indexOf(byte, i + 1)) n++;
  return n;
}

/**
 * The usual export split directly, in about half csv-parse's time and with the same cells:
 * no quote character at all, and every line ending in \n or every one in \r\n (csv-parse keeps the
 * line end it finds first). Record i is then line i + 1. Null for any other file.
 */
function splitPlain(buffer: Buffer): string[][] | null {
  if (buffer.includes(0x22)) return null;
  const returns = byteCount(buffer, 13);
  if (returns && returns !== byteCount(buffer, 10)) return null;
  const text = buffer.toString("utf8").replace(/^\ufeff/, "");
  if (returns && /\r(?!\n)/.test(text)) return null;
  const lines = text.split(returns ? "\r\n" : "\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => line.split(","));
}

/**
 * Records with their line numbers. The usual file has one record per line (no line end inside quotes):
 * then record i is line i + 1, and parsing without csv-parse's per-record info takes half the time.
 * A file whose records span lines is parsed again with the info.
 */
function parseCsv(buffer: Buffer): ParsedFile {
  let plain = splitPlain(buffer);
  try {
    plain ??= parse(buffer, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw csvProblem(error);
  }
  let records: { line: number; cells: string[] }[];
  if (plain.length === lineCount(buffer)) {
    records = plain.map((cells, i) => ({ line: i + 1, cells }));
  } else {
    try {
      const withInfo = parse(buffer, { bom: true, info: true, relax_column_count: true, skip_empty_lines: false }) as unknown as {
        record: string[];
        info: { lines: number };
      }[];
      records = withInfo.map((r) => ({ line: r.info.lines, cells: r.record }));
    } catch (error) {
      throw csvProblem(error);
    }
  }
  const [first, ...rest] = records.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (!first || rest.length === 0) throw new FileProblem(FILE_EMPTY_MESSAGE);
  if (rest.length > MAX_ROWS) throw new FileProblem(FILE_ROWS_MESSAGE);
  return { header: first.cells, rows: rest };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((p) => p.text).join("");
    if ("text" in value) return String(value.text);
    if ("result" in value) return value.result === undefined ? "" : cellText(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
  }
  return String(value);
}

async function parseXlsx(buffer: Buffer): Promise<ParsedFile> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new FileProblem("The Excel file could not be read");
  }
  const sheet = book.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw new FileProblem(FILE_EMPTY_MESSAGE);
  if (sheet.rowCount - 1 > MAX_ROWS) throw new FileProblem(FILE_ROWS_MESSAGE);
  let header: string[] | null = null;
  const rows: ParsedFile["rows"] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells = values.slice(1).map(cellText);
    if (!header) header = cells;
    else if (cells.some((c) => c.trim() !== "")) rows.push({ line: number, cells });
  });
  if (!header || rows.length === 0) throw new FileProblem(FILE_EMPTY_MESSAGE);
  return { header, rows };
}

export async function parseFile(kind: FileKind, buffer: Buffer): Promise<ParsedFile> {
  if (buffer.length > MAX_FILE_BYTES) throw new FileProblem(FILE_SIZE_MESSAGE);
  const parsed = kind === "csv" ? parseCsv(buffer) : await parseXlsx(buffer);
  if (parsed.rows.length === 0) throw new FileProblem(FILE_EMPTY_MESSAGE);
  return parsed;
}
