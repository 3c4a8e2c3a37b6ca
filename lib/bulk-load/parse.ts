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
export const MAX_ROWS = 200_000;
export const FILE_ROWS_MESSAGE = `The file may not have more than ${MAX_ROWS.toLocaleString("en-US")} rows`;
export const FILE_EMPTY_MESSAGE = "The file has no rows below its header";

export type FileKind = "csv" | "xlsx";

export interface ParsedFile {
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

function parseCsv(buffer: Buffer): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(buffer, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: false }) as never;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new FileProblem(`The CSV file could not be read${line ? ` (line ${line})` : ""}: check its quotes`);
  }
  if (records.length === 0) throw new FileProblem(FILE_EMPTY_MESSAGE);
  if (records.length - 1 > MAX_ROWS) throw new FileProblem(FILE_ROWS_MESSAGE);
  const [first, ...rest] = records;
  return { header: first.record, rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
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
