import type { StructureElement } from "pdfkit";
import type { Run, TaggedDocument, TextStyle } from "./tagged-document";

/**
 * A table in a tagged document: Table > TR > TH (scope Column) for the header row, then a TR of TD
 * per row, one element per cell. A row never splits across pages; on a page the table runs onto,
 * the header row is drawn again as an artifact (a repeated header is pagination, not content).
 */

/** A cell drawn by the caller (lines of several sizes): its height first, then into its TD. */
export interface CustomCell {
  height(width: number): number;
  draw(at: { x: number; y: number; width: number }, cell: StructureElement): number;
}
export type Cell = Run[] | string | CustomCell;

export interface Column {
  width: number;
  align?: "left" | "center" | "right";
}

export interface TableStyle {
  head: TextStyle;
  body: TextStyle;
  /** Space above and below a row's text. */
  padding: number;
  /** Space between a cell's text and the next column. */
  gap: number;
  headRule: { color: string; width: number };
  rowRule: { color: string; width: number };
  /** A background under the header row. */
  headFill?: string;
}

const isCustom = (cell: Cell): cell is CustomCell => typeof cell === "object" && !Array.isArray(cell);

export function drawTable(pdf: TaggedDocument, columns: Column[], header: string[], rows: Cell[][], style: TableStyle, parent: StructureElement = pdf.root) {
  const table = pdf.doc.struct("Table");
  parent.add(table);
  const x = pdf.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const textWidth = (c: number) => columns[c].width - style.gap;
  const left = (c: number) => x + columns.slice(0, c).reduce((sum, col) => sum + col.width, 0);
  const cellStyle = (base: TextStyle, c: number): TextStyle => ({ ...base, align: columns[c].align ?? base.align });
  const heightOf = (cell: Cell, c: number, base: TextStyle) =>
    isCustom(cell) ? cell.height(textWidth(c)) : pdf.heightOf(cell, cellStyle(base, c), textWidth(c));
  const headHeight = Math.max(...header.map((h, c) => heightOf(h, c, style.head))) + 2 * style.padding;

  const drawHead = (tagged: boolean) => {
    const y = pdf.y;
    if (style.headFill) pdf.artifact((doc) => doc.rect(x, y, width, headHeight).fill(style.headFill));
    const row = tagged ? pdf.doc.struct("TR") : null;
    if (row) table.add(row);
    header.forEach((text, c) => {
      const at = { x: left(c), y: y + style.padding, width: textWidth(c) };
      if (row) pdf.text("TH", text, cellStyle(style.head, c), at, row, { scope: "Column" });
      else pdf.artifactText(text, cellStyle(style.head, c), at);
    });
    row?.end();
    pdf.rule(x, y + headHeight, width, style.headRule.color, style.headRule.width);
    pdf.y = y + headHeight + style.headRule.width;
  };

  const rowHeights = rows.map((cells) => Math.max(...cells.map((cell, c) => heightOf(cell, c, style.body))) + 2 * style.padding);
  pdf.ensure(headHeight + (rowHeights[0] ?? 0));
  drawHead(true);
  pdf.withPageStart(
    () => drawHead(false),
    () =>
      rows.forEach((cells, r) => {
        pdf.ensure(rowHeights[r]);
        const y = pdf.y;
        const row = pdf.doc.struct("TR");
        table.add(row);
        cells.forEach((cell, c) => {
          const at = { x: left(c), y: y + style.padding, width: textWidth(c) };
          if (isCustom(cell)) {
            const td = pdf.doc.struct("TD");
            row.add(td);
            cell.draw(at, td);
            td.end();
          } else pdf.text("TD", cell, cellStyle(style.body, c), at, row);
        });
        row.end();
        pdf.rule(x, y + rowHeights[r], width, style.rowRule.color, style.rowRule.width);
        pdf.y = y + rowHeights[r] + style.rowRule.width;
      }),
  );
  table.end();
}
