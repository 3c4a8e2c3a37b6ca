import { PDF_ACCENT, PDF_MUTED, fact } from "@/lib/pdf/parts";
import { TaggedDocument, type TextStyle } from "@/lib/pdf/tagged-document";
import { drawTable, type CustomCell } from "@/lib/pdf/tagged-table";
import type { SheetDomain, SheetItem } from "@/lib/score-sheets/document";

/**
 * The rating sheet (platform §1, §7): the class-level paper form a teacher captures ratings on. A
 * legend of the collection's items with their rating scales, then a grid: one row per rostered
 * child, one column per item (by code), each cell a box per scale entry; with the recorded ratings
 * asked for, each child's current entry is ticked. Items run in blocks of ITEMS_PER_PAGE columns
 * (landscape), the header row repeating on every page. A tagged PDF (lib/pdf/tagged-document.ts):
 * the title H1, sections and blocks H2, domains H3, the grid a Table (TH per item, a TD per child
 * and item); what repeats on a block's later pages and the running footer are artifacts.
 */

export interface RatingChild {
  name: string;
  stateId: string;
  /** Item id to the id of the recorded scale entry. */
  ratings: Map<number, number>;
}

interface RatingSheetData {
  tenantName: string;
  collectionName: string;
  school: string;
  printedOn: string;
  includeScores: boolean;
  domains: SheetDomain[];
  children: RatingChild[];
}

const ITEMS_PER_PAGE = 10;
const RECORDED_NOTICE = "Ticked boxes are the ratings recorded when this sheet was printed.";

const PAGE = { top: 30, bottom: 40, left: 30, right: 30 };
const text: TextStyle = { size: 8.5, lineHeight: 1.25 };
const styles = {
  tenant: { size: 8.5, color: PDF_MUTED, lineHeight: 1.25 },
  heading: { size: 15, bold: true, color: PDF_ACCENT, lineHeight: 1.25 },
  notice: { size: 8.5, color: "#334155", lineHeight: 1.25 },
  section: { size: 11, bold: true, color: PDF_ACCENT, lineHeight: 1.25 },
  domain: { size: 9.5, bold: true, color: PDF_ACCENT, lineHeight: 1.25 },
  blockHeading: { size: 12, bold: true, color: PDF_ACCENT, lineHeight: 1.25 },
  stateId: { size: 7.5, color: PDF_MUTED, lineHeight: 1.25 },
  footer: { size: 7.5, color: PDF_MUTED, lineHeight: 1.25 },
} satisfies Record<string, TextStyle>;
const CHILD_W = 132;

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** The first page's top: tenant, title, and the facts in a framed line. */
function top(pdf: TaggedDocument, data: RatingSheetData) {
  pdf.block("P", data.tenantName, styles.tenant, { marginBottom: 2 });
  pdf.block("H1", `Rating sheet: ${data.collectionName}`, styles.heading, { marginBottom: 4 });
  const facts = [fact("School", data.school), fact("Children", String(data.children.length)), fact("Printed", data.printedOn)];
  const y = pdf.y;
  let x = pdf.left + 5;
  let height = 0;
  for (const f of facts) {
    const width = Math.min(pdf.widthOf(f.map((r) => r.text).join(""), { ...text, bold: true }) + 2, pdf.left + pdf.width - 5 - x);
    height = Math.max(height, pdf.text("P", f, text, { x, y: y + 5, width }));
    x += width + 24;
  }
  pdf.frame(pdf.left, y, pdf.width, height + 10, "#cbd5e1");
  pdf.y = y + height + 10 + 8;
}

/** The legend: every item's code, label and rating scale, by domain. */
function legend(pdf: TaggedDocument, data: RatingSheetData) {
  pdf.block("P", data.includeScores ? RECORDED_NOTICE : "Tick one box per child and item. Codes are explained below.", styles.notice, { marginBottom: 6 });
  pdf.block("H2", "Items and their rating scales", styles.section, { marginTop: 6, marginBottom: 3, keep: 24 });
  for (const domain of data.domains) {
    pdf.block("H3", domain.label, styles.domain, { marginTop: 5, marginBottom: 2, keep: 24 });
    for (const item of domain.items) {
      const scale = item.entries.map((e) => (e.label && e.label !== e.code ? `${e.code} = ${e.label}` : e.code)).join("   ");
      const cells = [
        { runs: [{ text: item.code, bold: true }], x: 0, width: 60 },
        { runs: [{ text: item.label }], x: 60, width: 292 },
        { runs: [{ text: scale }], x: 360, width: pdf.width - 360 },
      ];
      const height = Math.max(...cells.map((c) => pdf.heightOf(c.runs, text, c.width))) + 5;
      pdf.ensure(height);
      const y = pdf.y;
      for (const c of cells) pdf.text("P", c.runs, text, { x: pdf.left + c.x, y: y + 2.5, width: c.width });
      pdf.rule(pdf.left, y + height, pdf.width, "#e2e8f0", 0.75);
      pdf.y = y + height + 0.75;
    }
  }
}

/** The child's cell: the name, then the state ID smaller (two pieces of one TD). */
const childCell = (pdf: TaggedDocument, child: RatingChild): CustomCell => ({
  height: (width) => pdf.heightOf(child.name, { ...text, bold: true }, width) + pdf.heightOf(child.stateId, styles.stateId, width),
  draw: (at, cell) => {
    const name = pdf.into(cell, child.name, { ...text, bold: true }, at);
    return name + pdf.into(cell, child.stateId, styles.stateId, { ...at, y: at.y + name });
  },
});

/** One block of item columns: a header row of item codes, then a row per child (a box per entry). */
function grid(pdf: TaggedDocument, data: RatingSheetData, items: SheetItem[], block: number, blocks: number) {
  pdf.newPage();
  const heading = `Rating sheet: ${data.collectionName}${blocks > 1 ? ` (items ${block * ITEMS_PER_PAGE + 1}-${block * ITEMS_PER_PAGE + items.length})` : ""}`;
  pdf.block("P", data.tenantName, styles.tenant, { marginBottom: 2 });
  pdf.block("H2", heading, styles.blockHeading, { marginBottom: 4 });
  // Columns keep a full block's widths when the last block has fewer items.
  const column = (pdf.width - CHILD_W) / ITEMS_PER_PAGE;
  pdf.withPageStart(
    () => {
      pdf.y += 2 + pdf.artifactText(data.tenantName, styles.tenant, { x: pdf.left, y: pdf.y, width: pdf.width });
      pdf.y += 4 + pdf.artifactText(heading, styles.blockHeading, { x: pdf.left, y: pdf.y, width: pdf.width });
    },
    () =>
      drawTable(
        pdf,
        [{ width: CHILD_W }, ...items.map(() => ({ width: column }))],
        ["Child", ...items.map((item) => item.code)],
        data.children.map((child) => [
          childCell(pdf, child),
          ...items.map((item) => {
            const recorded = child.ratings.get(item.id ?? -1);
            return item.entries.map((e) => `${recorded !== undefined && recorded === e.id ? "[X]" : "[  ]"} ${e.code}`).join("\n");
          }),
        ]),
        {
          head: { ...text, bold: true, color: "#0f172a" },
          body: text,
          padding: 4,
          gap: 8,
          headRule: { color: "#94a3b8", width: 1 },
          rowRule: { color: "#cbd5e1", width: 0.75 },
          headFill: "#f1f5f9",
        },
      ),
  );
}

export function renderRatingSheet(data: RatingSheetData): Promise<Buffer> {
  const pdf = new TaggedDocument(
    { title: `Rating sheet: ${data.collectionName}`, lang: "en-US", subject: "Rating sheet", author: data.tenantName },
    { layout: "landscape", margin: PAGE },
  );
  top(pdf, data);
  legend(pdf, data);
  const blocks = chunks(
    data.domains.flatMap((d) => d.items),
    ITEMS_PER_PAGE,
  );
  blocks.forEach((items, i) => grid(pdf, data, items, i, blocks.length));
  const footer = `Rating sheet: ${data.collectionName}`;
  pdf.everyPage((page, pages) =>
    pdf.artifactText(`${footer} · page ${page} of ${pages}`, styles.footer, { x: pdf.left, y: pdf.pageHeight - 18 - 9, width: pdf.width }),
  );
  return pdf.end();
}
