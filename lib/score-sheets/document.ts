import { factsBox, fact, PDF_ACCENT, PDF_MUTED, PDF_RULE } from "@/lib/pdf/parts";
import { TaggedDocument, type TextStyle } from "@/lib/pdf/tagged-document";

/**
 * The score sheet (platform §7 'Reports and outputs'): for each child, the collection's items by
 * domain with the scale's entries as boxes to tick by hand, or, for training, ticked at random (a
 * practice sheet: nothing is saved). One child per page; a class sheet is the pages of every child.
 * A tagged PDF (lib/pdf/tagged-document.ts): the title H1, each domain H2, the rest P, in reading
 * order; the running footer (child, page of pages) is an artifact.
 */

export interface SheetItem {
  id?: number;
  code: string;
  label: string;
  entries: { id?: number; code: string; label: string }[];
  /** The entry ticked on a practice sheet. */
  picked?: string | null;
}

export interface SheetDomain {
  label: string;
  items: SheetItem[];
}

export interface SheetChild {
  name: string;
  stateId: string;
  school: string;
  domains: SheetDomain[];
}

interface SheetData {
  tenantName: string;
  collectionName: string;
  printedOn: string;
  practice: boolean;
  children: SheetChild[];
}

const PRACTICE_NOTICE = "Practice sheet: random scores for training. Nothing on this sheet is saved.";

const PAGE = { top: 36, bottom: 44, left: 36, right: 36 };
const text: TextStyle = { size: 9.5, lineHeight: 1.3 };
const styles = {
  tenant: { size: 8.5, color: PDF_MUTED, lineHeight: 1.3 },
  heading: { size: 15, bold: true, color: PDF_ACCENT, lineHeight: 1.3 },
  practice: { size: 9.5, bold: true, color: "#7c2d12", lineHeight: 1.3 },
  domain: { size: 11, bold: true, color: PDF_ACCENT, lineHeight: 1.3 },
  footer: { size: 8, color: PDF_MUTED, lineHeight: 1.3 },
} satisfies Record<string, TextStyle>;
const ENTRY_GAP = 10;

const entryText = (item: SheetItem, e: SheetItem["entries"][number]) =>
  `${item.picked === e.code ? "[X]" : "[  ]"} ${e.code}${e.label && e.label !== e.code ? ` ${e.label}` : ""}`;

/** One item: its code and label on the left, its entries' boxes flowing on the right, a rule under it. */
function itemRow(pdf: TaggedDocument, item: SheetItem) {
  const itemWidth = pdf.width * 0.45 - 6;
  const entriesX = pdf.left + pdf.width * 0.45;
  const entriesWidth = pdf.width * 0.55;
  const runs = [{ text: `${item.code} `, bold: true }, { text: item.label }];
  // The entries wrap as words do: each where the previous ended, on the next line when it does not fit.
  const line = pdf.heightOf("X", text, entriesWidth);
  let x = 0;
  let lines = 1;
  const placed = item.entries.map((e) => {
    const label = entryText(item, e);
    const width = Math.min(pdf.widthOf(label, text) + 1, entriesWidth);
    if (x > 0 && x + width > entriesWidth) {
      x = 0;
      lines++;
    }
    const at = { label, x: entriesX + x, line: lines - 1, width };
    x += width + ENTRY_GAP;
    return at;
  });
  const height = Math.max(pdf.heightOf(runs, text, itemWidth), lines * line) + 6;
  pdf.ensure(height);
  const top = pdf.y;
  pdf.text("P", runs, text, { x: pdf.left, y: top + 3, width: itemWidth });
  for (const e of placed) pdf.text("P", e.label, text, { x: e.x, y: top + 3 + e.line * line, width: e.width });
  pdf.rule(pdf.left, top + height, pdf.width, PDF_RULE);
  pdf.y = top + height + 1;
}

function childPages(pdf: TaggedDocument, data: SheetData, child: SheetChild) {
  pdf.block("P", data.tenantName, styles.tenant, { marginBottom: 3 });
  pdf.block("H1", `Score sheet: ${data.collectionName}`, styles.heading, { marginBottom: 6 });
  if (data.practice) {
    const top = pdf.y;
    const height = pdf.text("P", PRACTICE_NOTICE, styles.practice, { x: pdf.left + 6, y: top + 6, width: pdf.width - 12 }) + 12;
    pdf.frame(pdf.left, top, pdf.width, height, "#b45309", 1.5);
    pdf.y = top + height + 8;
  }
  factsBox(pdf, [fact("Child", child.name), fact("State ID", child.stateId), fact("School", child.school), fact("Printed", data.printedOn)], {
    style: text,
    padding: 6,
    columns: 2,
    gap: 2,
    marginBottom: 10,
  });
  for (const domain of child.domains) {
    pdf.block("H2", domain.label, styles.domain, { marginTop: 6, marginBottom: 3, keep: 30 });
    for (const item of domain.items) itemRow(pdf, item);
  }
}

/** The sheet as a tagged PDF: a page (or more) per child, each child's pages footed with their name. */
export function renderScoreSheet(data: SheetData): Promise<Buffer> {
  const pdf = new TaggedDocument(
    { title: `Score sheet: ${data.collectionName}`, lang: "en-US", subject: data.practice ? PRACTICE_NOTICE : "Score sheet", author: data.tenantName },
    { margin: PAGE },
  );
  // Whose each page is, for its footer.
  const owners: string[] = [];
  data.children.forEach((child, i) => {
    if (i > 0) pdf.newPage();
    childPages(pdf, data, child);
    while (owners.length < pdf.doc.bufferedPageRange().count) owners.push(child.name);
  });
  pdf.everyPage((page, pages) =>
    pdf.artifactText(`${owners[page - 1]} · page ${page} of ${pages}`, styles.footer, { x: pdf.left, y: pdf.pageHeight - 22 - 10, width: pdf.width }),
  );
  return pdf.end();
}
