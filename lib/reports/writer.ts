import "server-only";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { db, rows } from "@/db/client";
import { csvForPeople } from "@/lib/platform/csv";
import type { Row, Sheet } from "./sheet";

/** Rows fetched per round trip from the report's cursor. */
const BATCH = 2000;

/**
 * Read a sheet's query through a cursor (inside the caller's withTenant transaction), writing each
 * batch as it arrives: memory stays flat however many rows a state's report has.
 */
async function eachBatch(sheet: Sheet, write: (batch: Row[]) => Promise<void>): Promise<number> {
  let count = 0;
  // A cursor is planned for its first 10% of rows by default (fast-start nested loops); a report
  // reads every row, so plan for all of them, as the plain query would be.
  await db().execute(sql`set local cursor_tuple_fraction = 1.0`);
  await db().execute(sql`declare report_rows no scroll cursor for ${sheet.query}`);
  for (;;) {
    const batch = await rows<Row>(db(), sql.raw(`fetch ${BATCH} from report_rows`));
    if (batch.length === 0) break;
    await write(batch);
    count += batch.length;
  }
  await db().execute(sql`close report_rows`);
  return count;
}

/** One row's cells; text columns always as strings, so Excel keeps a state id's leading zeros. */
function cells(sheet: Sheet, row: Row): (string | number | null)[] {
  return sheet.columns.map((column) => {
    const value = column.value(row);
    return column.text && value !== null ? String(value) : value;
  });
}

/** The sheet as an XLSX file: bold frozen header, text-formatted text columns. Answers the row count. */
export async function writeXlsx(sheet: Sheet, file: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, i) => ({
    header: column.header,
    key: `c${i}`,
    width: column.width ?? Math.max(10, column.header.length + 2),
    ...(column.text ? { style: { numFmt: "@" } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  const count = await eachBatch(sheet, async (batch) => {
    for (const row of batch) worksheet.addRow(cells(sheet, row)).commit();
  });
  worksheet.commit();
  await workbook.commit();
  return count;
}

/** The sheet as CSV for a spreadsheet (lib/platform/csv.ts: byte-order mark, CRLF, the formula guard). Answers the row count. */
export async function writeCsv(sheet: Sheet, file: string): Promise<number> {
  const out = createWriteStream(file);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  try {
    await put(csvForPeople([sheet.columns.map((c) => c.header)], { bom: true }));
    const count = await eachBatch(sheet, (batch) => put(csvForPeople(batch.map((row) => cells(sheet, row)))));
    out.end();
    await once(out, "finish");
    return count;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
