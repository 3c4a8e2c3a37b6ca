import { fact, factsBox, PDF_RULE, pdfStyles, section } from "@/lib/pdf/parts";
import { TaggedDocument, type Run, type TextStyle } from "@/lib/pdf/tagged-document";
import { drawTable, type Cell, type Column, type TableStyle } from "@/lib/pdf/tagged-table";
import { reportLabel } from "./catalogue";
import { coloursOf, legend, stackedBars } from "./class-pdf-chart";
import { NOT_RATED, NOT_SCORED, type DomainReport, type ReportHeader, type SkillsReport } from "./class-pdf-data";

/**
 * The teacher's class PDFs (tagged, lib/pdf/tagged-document.ts, with the ISR's page parts): the title
 * H1, the class, collection and date, the charts with their legend under H2 sections (item sets H3),
 * then the table of children (Table > TR > TH/TD, its header row repeated on each page it runs onto).
 * Everything shown was read from the database by class-pdf-data.ts; nothing here but layout and words.
 */

const PAGE = { top: 40, bottom: 64, left: 40, right: 40 };
const intro: TextStyle = { size: 10, color: "#334155", lineHeight: 1.35 };
const subsection: TextStyle = { size: 10.5, bold: true, lineHeight: 1.35 };
const cell: TextStyle = { size: 8.5, lineHeight: 1.35 };
const tableStyle: TableStyle = {
  head: { ...cell, bold: true },
  body: cell,
  padding: 4,
  gap: 3,
  headRule: { color: "#334155", width: 1 },
  rowRule: { color: PDF_RULE, width: 1 },
};
const NAME_W = 130;

/** The document's title: the report and its collection. */
export const classPdfTitle = (kind: string, header: ReportHeader) => `${reportLabel(kind)}: ${header.collectionName}`;

/** A report's document and first lines: tenant, title, the facts box and a sentence on what it shows. */
function opening(kind: string, header: ReportHeader, words: string, extra: Run[][] = []): TaggedDocument {
  const pdf = new TaggedDocument(
    { title: classPdfTitle(kind, header), lang: "en-US", subject: `${header.className}, ${header.date}`, author: header.tenantName },
    { margin: PAGE },
  );
  pdf.block("P", header.tenantName, pdfStyles.tenant, { marginBottom: 4 });
  pdf.block("H1", reportLabel(kind), pdfStyles.heading, { marginBottom: 8 });
  factsBox(
    pdf,
    [
      fact("Class", header.className),
      fact("Collection", header.collectionName),
      fact("School", header.schools),
      fact("Date", header.date),
      fact("Children", String(header.children)),
      ...extra,
    ],
    { style: pdfStyles.body, padding: 8, columns: 2, gap: 3, marginBottom: 12 },
  );
  pdf.block("P", words, intro, { marginBottom: 10 });
  return pdf;
}

/** On every page, under a rule: the report, collection, class and date (a running footer: an artifact). */
function finish(pdf: TaggedDocument, kind: string, header: ReportHeader) {
  const words = `${reportLabel(kind)}, ${header.collectionName}, ${header.className}, ${header.date}`;
  const height = pdf.heightOf(words, pdfStyles.footer, pdf.width);
  pdf.everyPage(() => {
    const top = pdf.pageHeight - 30 - height - 6;
    pdf.rule(pdf.left, top, pdf.width, "#cbd5e1");
    pdf.artifactText(words, pdfStyles.footer, { x: pdf.left, y: top + 6, width: pdf.width });
  });
  return pdf.end();
}

const noChildren = (pdf: TaggedDocument) =>
  pdf.block("P", "No children of your class are assigned to this collection.", { ...pdfStyles.body, color: "#64748b" });

/** Columns: the child's name, then `count` equal ones over the rest of the width. */
const columnsOf = (pdf: TaggedDocument, count: number, align?: "center"): Column[] => [
  { width: NAME_W },
  ...Array.from({ length: count }, () => ({ width: (pdf.width - NAME_W) / count, align })),
];

/** One cell per score: the score, then its level under it (two lines of one TD). */
const scoreCell = (pdf: TaggedDocument, score: string, level: string): Cell => ({
  height: (width) => pdf.heightOf(score, { ...cell, bold: true }, width) + (level ? pdf.heightOf(level, cell, width) : 0),
  draw: (at, td) => {
    const first = pdf.into(td, score, { ...cell, bold: true }, at);
    return first + (level ? pdf.into(td, level, cell, { ...at, y: at.y + first }) : 0);
  },
});

/** domain-data: children per performance level in each domain, the class means, then each child's scores. */
export function renderDomainReport(data: DomainReport): Promise<Buffer> {
  const kind = "domain-data";
  const pdf = opening(
    kind,
    data.header,
    "How many children of the class are at each performance level, overall and in each domain, from their scale scores. A domain is scored once all its items are; the mean is over the children scored.",
  );
  const colours = coloursOf(data.categories, NOT_SCORED);
  section(pdf, "Children by performance level");
  legend(pdf, data.categories, colours, "Legend:");
  stackedBars(pdf, data.bars, colours);
  if (data.children.length > 12) pdf.newPage();
  section(pdf, "Scale score and level of each child");
  if (!data.children.length) noChildren(pdf);
  else
    drawTable(
      pdf,
      columnsOf(pdf, data.bars.length),
      ["Child", ...data.bars.map((p) => (p.code === "OVERALL" ? "Overall" : p.code))],
      data.children.map((child) => [
        child.name,
        ...data.bars.map(({ code }): Cell => {
          const c = child.cells[code];
          return c.score === null ? [{ text: NOT_SCORED, color: "#64748b" }] : scoreCell(pdf, String(c.score), c.level ?? "");
        }),
      ]),
      tableStyle,
    );
  return finish(pdf, kind, data.header);
}

/** Table columns per page width: at most this many skills side by side. */
const SKILLS_PER_TABLE = 12;

/** ela-class-skb: per item set and skill, the children at each rating; then each child's ratings. */
export function renderSkillsReport(data: SkillsReport): Promise<Buffer> {
  const kind = "ela-class-skb";
  const pdf = opening(
    kind,
    data.header,
    "How many children of the class are at each rating of each skill, by item set. Under each bar, every rating's code with its count; the tables give each child's rating ('-': not rated yet).",
    // Domain levels come from every item, so only this report narrows to the priority items.
    data.header.priorityOnly ? [fact("Items", "Priority items only")] : [],
  );
  const scaleColours = new Map(data.scales.map((s) => [s.id, coloursOf([...s.entries, { key: NOT_RATED, label: NOT_RATED }], NOT_RATED)]));
  section(pdf, "Children at each rating");
  for (const s of data.scales) legend(pdf, [...s.entries, { key: NOT_RATED, label: NOT_RATED }], scaleColours.get(s.id)!, `${s.label}:`);
  for (const set of data.sets) {
    // Kept with the first bar after it, never alone at the foot of a page.
    pdf.block("H3", set.label, subsection, { marginTop: 8, marginBottom: 4, keep: 40 });
    set.bars.forEach((tally, i) => stackedBars(pdf, [tally], scaleColours.get(set.skills[i].scaleId ?? -1) ?? new Map()));
  }
  pdf.newPage();
  section(pdf, "Ratings of each child");
  if (!data.children.length) noChildren(pdf);
  for (const set of data.children.length ? data.sets : []) {
    for (let i = 0; i < set.skills.length; i += SKILLS_PER_TABLE) {
      const skills = set.skills.slice(i, i + SKILLS_PER_TABLE);
      pdf.block("H3", set.label, subsection, { marginTop: 8, marginBottom: 4, keep: 60 });
      drawTable(
        pdf,
        columnsOf(pdf, skills.length, "center"),
        ["Child", ...skills.map((s) => s.code)],
        data.children.map((child) => [child.name, ...skills.map((s) => child.ratings[s.code] ?? "-")]),
        tableStyle,
      );
      pdf.y += 10;
    }
  }
  return finish(pdf, kind, data.header);
}
