import { PDF_MUTED, PDF_TEXT } from "@/lib/pdf/parts";
import type { TaggedDocument, TextStyle } from "@/lib/pdf/tagged-document";
import type { Category, Tally } from "./class-pdf-data";

/**
 * The class reports' charts: one horizontal stacked bar per row (a domain, a skill), a segment per
 * category in the legend's order. Never colour alone: a line under each bar names every category
 * with its count, as text (searchable, read aloud); the counts inside the segments repeat it for the
 * eye and are artifacts, so a screen reader reads each count once.
 */

const LABEL_W = 150;
const BAR_W = 262;
const BAR_H = 18;

/** Dark enough for white counts on them (contrast 4.5:1 or more), ordered as the levels or ratings are. */
const PALETTE = ["#9f1239", "#b45309", "#15803d", "#1d4ed8", "#6d28d9", "#0e7490", "#a21caf", "#854d0e", "#334155"];
/** The "nothing yet" category (not scored, not rated): pale, with dark counts. */
const EMPTY_COLOUR = "#e2e8f0";

const label: TextStyle = { size: 9, lineHeight: 1.15 };
const note: TextStyle = { size: 9, bold: true, lineHeight: 1.15 };
const key: TextStyle = { size: 7.5, color: PDF_MUTED, lineHeight: 1.35 };
const legendTitle: TextStyle = { size: 8.5, bold: true, lineHeight: 1 };
const legendText: TextStyle = { size: 8.5, lineHeight: 1 };
const count: TextStyle = { size: 8, bold: true, lineHeight: 1, align: "center" };

/** Colours of categories: the palette in order, the empty category pale. */
export function coloursOf(categories: Category[], empty: string): Map<string, string> {
  let next = 0;
  return new Map(categories.map((c) => [c.key, c.key === empty ? EMPTY_COLOUR : PALETTE[next++ % PALETTE.length]]));
}

/** A legend: a swatch and the category's name (its code first when it has one), wrapping as words do. */
export function legend(pdf: TaggedDocument, categories: Category[], colours: Map<string, string>, title?: string) {
  const items = categories.map((c) => ({ text: c.key === c.label ? c.label : `${c.key} ${c.label}`, colour: colours.get(c.key) ?? EMPTY_COLOUR }));
  const line = 12;
  let x = pdf.left;
  let rows = 1;
  const titleWidth = title ? pdf.widthOf(title, legendTitle) + 6 : 0;
  const placed = items.map((item) => {
    const width = 13 + pdf.widthOf(item.text, legendText) + 10;
    if (x + titleWidth + width > pdf.left + pdf.width && x > pdf.left) {
      x = pdf.left;
      rows++;
    }
    const at = { x: x + titleWidth, row: rows - 1 };
    x += width;
    return at;
  });
  pdf.ensure(rows * line);
  const top = pdf.y;
  if (title) pdf.text("P", title, legendTitle, { x: pdf.left, y: top + 1, width: titleWidth });
  items.forEach((item, i) => {
    const y = top + placed[i].row * line;
    pdf.artifact((doc) => doc.lineWidth(0.5).rect(placed[i].x, y, 10, 10).fillAndStroke(item.colour, "#64748b"));
    pdf.text("P", item.text, legendText, { x: placed[i].x + 13, y: y + 1, width: pdf.widthOf(item.text, legendText) + 1 });
  });
  pdf.y = top + rows * line + 6;
}

/** One stacked bar with its label, its note (the class mean) and the line of counts under it. */
function bar(pdf: TaggedDocument, tally: Tally, colours: Map<string, string>, keyName: (key: string) => string) {
  const keyLine = tally.counts.map((c) => `${keyName(c.key)} ${c.count}`).join("  ·  ");
  const keyWidth = pdf.width - LABEL_W;
  const labelHeight = pdf.heightOf(tally.label, label, LABEL_W - 6);
  const rowHeight = Math.max(BAR_H, labelHeight);
  pdf.ensure(rowHeight + 2 + pdf.heightOf(keyLine, key, keyWidth) + 7);
  const top = pdf.y;
  const middle = top + rowHeight / 2;
  pdf.text("P", tally.label, label, { x: pdf.left, y: middle - labelHeight / 2, width: LABEL_W - 6 });
  const barX = pdf.left + LABEL_W;
  const barY = middle - BAR_H / 2;
  const total = tally.counts.reduce((sum, c) => sum + c.count, 0);
  pdf.artifact((doc) => {
    doc.lineWidth(0.5).rect(barX, barY, BAR_W, BAR_H).fillAndStroke("#ffffff", "#94a3b8");
    let x = barX;
    for (const c of tally.counts) {
      if (!c.count) continue;
      const width = (BAR_W * c.count) / total;
      doc
        .lineWidth(0.75)
        .rect(x, barY, width, BAR_H)
        .fillAndStroke(colours.get(c.key) ?? EMPTY_COLOUR, "#ffffff");
      x += width;
    }
  });
  let x = barX;
  for (const c of tally.counts) {
    if (!c.count) continue;
    const width = (BAR_W * c.count) / total;
    const fill = colours.get(c.key) ?? EMPTY_COLOUR;
    const colour = fill === EMPTY_COLOUR ? PDF_TEXT : "#ffffff";
    if (width >= 10) pdf.artifactText([{ text: String(c.count), color: colour }], count, { x, y: barY + 5.5, width }, "Layout");
    x += width;
  }
  if (tally.note) {
    const noteHeight = pdf.heightOf(tally.note, note, pdf.width - LABEL_W - BAR_W - 8);
    pdf.text("P", tally.note, note, { x: barX + BAR_W + 8, y: middle - noteHeight / 2, width: pdf.width - LABEL_W - BAR_W - 8 });
  }
  pdf.y = top + rowHeight + 2;
  pdf.y += pdf.text("P", keyLine, key, { x: barX, y: pdf.y, width: keyWidth }) + 7;
}

/** The bars of one chart. `keyName` names a category in the line of counts (a label, or a rating's code). */
export function stackedBars(pdf: TaggedDocument, tallies: Tally[], colours: Map<string, string>, keyName: (key: string) => string = (k) => k) {
  for (const tally of tallies) bar(pdf, tally, colours, keyName);
}
