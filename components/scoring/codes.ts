import type { ScaleEntry } from "@/lib/scoring/screen-types";

/* Matching what a teacher types or pastes against a cell's scale entries. */

export function entryByCode(entries: ScaleEntry[], code: string): ScaleEntry | undefined {
  const wanted = code.trim().toUpperCase();
  return entries.find((e) => e.code.toUpperCase() === wanted);
}

/**
 * What a typed buffer means: an entry to set now, one to set unless more keys follow (N before NE),
 * or nothing (no code starts with it).
 */
export function matchTyped(entries: ScaleEntry[], buffer: string): { exact?: ScaleEntry; longer: boolean } {
  const b = buffer.toUpperCase();
  const exact = entries.find((e) => e.code.toUpperCase() === b);
  const longer = entries.some((e) => e.code.length > b.length && e.code.toUpperCase().startsWith(b));
  return { exact, longer };
}

/** A block copied from Excel or Google Sheets: rows by newline, cells by tab; the trailing newline dropped. */
export function parseBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => line.split("\t").map((c) => c.trim()));
}
