import type { Run, TaggedDocument, TextStyle } from "./tagged-document";

/**
 * What the platform's tagged PDFs share (ISRs, class reports, score and rating sheets): colours, the
 * page's text styles, the facts box and section headings. Text stays text (no images of text), so
 * the PDFs are searchable and read aloud.
 */

export const PDF_TEXT = "#1e293b";
export const PDF_MUTED = "#475569";
export const PDF_ACCENT = "#0f3d75";
export const PDF_RULE = "#e2e8f0";

export const pdfStyles = {
  body: { size: 10, lineHeight: 1.35 },
  tenant: { size: 9, color: PDF_MUTED, lineHeight: 1.35 },
  heading: { size: 17, bold: true, color: PDF_ACCENT, lineHeight: 1.35 },
  section: { size: 12, bold: true, color: PDF_ACCENT, lineHeight: 1.35 },
  footer: { size: 9, color: PDF_MUTED, lineHeight: 1.35 },
} satisfies Record<string, TextStyle>;

/** One "Label: value" entry of a facts box. */
export const fact = (label: string, value: string): Run[] => [{ text: `${label}: `, bold: true }, { text: value }];

/** A section heading (H2), kept with some of what follows it. */
export function section(pdf: TaggedDocument, text: string) {
  pdf.block("H2", text, pdfStyles.section, { marginTop: 6, marginBottom: 6, keep: 40 });
}

/**
 * A framed box of facts, `columns` to a row, each a P; the cursor moves under it by `marginBottom`.
 */
export function factsBox(
  pdf: TaggedDocument,
  facts: Run[][],
  box: { style: TextStyle; padding: number; columns: number; gap: number; marginBottom: number; border?: string },
) {
  const inner = pdf.width - 2 * box.padding;
  const cell = inner / box.columns;
  const rows: Run[][][] = [];
  for (let i = 0; i < facts.length; i += box.columns) rows.push(facts.slice(i, i + box.columns));
  const heights = rows.map((row) => Math.max(...row.map((f) => pdf.heightOf(f, box.style, cell - 4))) + box.gap);
  const height = heights.reduce((sum, h) => sum + h, 0) - box.gap + 2 * box.padding;
  pdf.ensure(height);
  const top = pdf.y;
  let y = top + box.padding;
  rows.forEach((row, r) => {
    row.forEach((f, c) => pdf.text("P", f, box.style, { x: pdf.left + box.padding + c * cell, y, width: cell - 4 }));
    y += heights[r];
  });
  pdf.frame(pdf.left, top, pdf.width, height, box.border ?? "#cbd5e1");
  pdf.y = top + height + box.marginBottom;
}
