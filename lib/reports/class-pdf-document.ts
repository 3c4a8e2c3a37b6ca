import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { cellSize, type StructTag } from "@/lib/isr/tag-pdf";
import { fact, pdfStyles } from "@/lib/pdf/parts";
import { reportLabel } from "./catalogue";
import { coloursOf, legend, stackedBars } from "./class-pdf-chart";
import { NOT_RATED, NOT_SCORED, type DomainReport, type ReportHeader, type SkillsReport } from "./class-pdf-data";

/**
 * The teacher's class PDFs (react-pdf, the ISR's page parts): the title, the class, collection and
 * date, the charts with their legend, then the table of children. Everything shown was read from
 * the database by class-pdf-data.ts; nothing here but layout and words.
 */

const styles = StyleSheet.create({
  page: { paddingBottom: 64 },
  intro: { marginBottom: 10, color: "#334155" },
  table: { marginTop: 4, marginBottom: 10 },
  cellName: { width: 130, paddingRight: 4 },
  cell: { flexGrow: 1, flexBasis: 0, paddingRight: 3 },
  cellCode: { flexGrow: 1, flexBasis: 0, textAlign: "center" },
  score: { fontFamily: "Helvetica-Bold" },
  muted: { color: "#64748b" },
  subsection: { fontSize: 10.5, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 4 },
  // Table cells, marked for the tagged PDF's Table > TR > TH/TD (tag-pdf.ts cellSize).
  th: { fontSize: cellSize(8.5, "TH") },
  thFirst: { fontSize: cellSize(8.5, "TH", true) },
  td: { fontSize: cellSize(8.5, "TD") },
  tdFirst: { fontSize: cellSize(8.5, "TD", true) },
});

/** The structure tag of each text size of the class PDFs: title H1, sections H2, item sets H3 (cells are marked apart). */
export const classPdfTagOf = (fontSize: number): StructTag => (fontSize === 17 ? "H1" : fontSize === 12 ? "H2" : fontSize === 10.5 ? "H3" : "P");

/** A report's first lines: tenant, title, the facts box and a sentence on what it shows. */
function opening(kind: string, header: ReportHeader, intro: string, extra: ReactElement[] = []): ReactElement[] {
  return [
    h(Text, { key: "tenant", style: pdfStyles.tenant }, header.tenantName),
    h(Text, { key: "title", style: pdfStyles.heading }, reportLabel(kind)),
    h(
      View,
      { key: "facts", style: pdfStyles.facts },
      fact("Class", header.className),
      fact("Collection", header.collectionName),
      fact("School", header.schools),
      fact("Date", header.date),
      fact("Children", String(header.children)),
      ...extra,
    ),
    h(Text, { key: "intro", style: styles.intro }, intro),
  ];
}

// On every page (fixed). Plain text: react-pdf's per-page `render` callback does not run under the tests' renderer.
const footer = (kind: string, header: ReportHeader) =>
  h(Text, { style: pdfStyles.footer, fixed: true }, `${reportLabel(kind)}, ${header.collectionName}, ${header.className}, ${header.date}`);

/** The document's title: the report and its collection. */
export const classPdfTitle = (kind: string, header: ReportHeader) => `${reportLabel(kind)}: ${header.collectionName}`;

function document(kind: string, header: ReportHeader, body: (ReactElement | null)[]): ReactElement {
  return h(
    Document,
    {
      title: classPdfTitle(kind, header),
      subject: `${header.className}, ${header.date}`,
      author: header.tenantName,
      creator: header.tenantName,
      language: "en-US",
    },
    h(Page, { size: "LETTER", style: [pdfStyles.page, styles.page] }, ...body, footer(kind, header)),
  );
}

const noChildren = h(Text, { key: "none", style: styles.muted }, "No children of your class are assigned to this collection.");

/** domain-data: children per performance level in each domain, the class means, then each child's scores. */
export function domainDocument(data: DomainReport): ReactElement {
  const colours = coloursOf(data.categories, NOT_SCORED);
  const parts = data.bars;
  const table = [
    h(
      View,
      // Repeated at the top of each page the table runs onto.
      { key: "head", style: pdfStyles.headRow, fixed: true },
      h(Text, { style: [styles.cellName, styles.thFirst] }, "Child"),
      ...parts.map((p) => h(Text, { key: p.code, style: [styles.cell, styles.th] }, p.code === "OVERALL" ? "Overall" : p.code)),
    ),
    ...data.children.map((child, i) =>
      h(
        View,
        { key: `c${i}`, style: pdfStyles.row, wrap: false },
        h(Text, { style: [styles.cellName, styles.tdFirst] }, child.name),
        ...parts.map((p) => {
          const cell = child.cells[p.code];
          // One <Text> per cell (score, then level below it): one TD in the tagged PDF.
          return cell.score === null
            ? h(Text, { key: p.code, style: [styles.cell, styles.td, styles.muted] }, NOT_SCORED)
            : h(Text, { key: p.code, style: [styles.cell, styles.td] }, h(Text, { style: styles.score }, String(cell.score)), `\n${cell.level ?? ""}`);
        }),
      ),
    ),
  ];
  return document("domain-data", data.header, [
    ...opening(
      "domain-data",
      data.header,
      "How many children of the class are at each performance level, overall and in each domain, from their scale scores. A domain is scored once all its items are; the mean is over the children scored.",
    ),
    h(Text, { key: "s1", style: pdfStyles.section }, "Children by performance level"),
    legend(data.categories, colours, "Legend:"),
    ...stackedBars(parts, colours),
    h(Text, { key: "s2", style: pdfStyles.section, break: data.children.length > 12 }, "Scale score and level of each child"),
    ...(data.children.length ? [h(View, { key: "table", style: styles.table }, ...table)] : [noChildren]),
  ]);
}

/** Table columns per page width: at most this many skills side by side. */
const SKILLS_PER_TABLE = 12;

/** ela-class-skb: per item set and skill, the children at each rating; then each child's ratings. */
export function skillsDocument(data: SkillsReport): ReactElement {
  const scaleColours = new Map(data.scales.map((s) => [s.id, coloursOf([...s.entries, { key: NOT_RATED, label: NOT_RATED }], NOT_RATED)]));
  const legends = data.scales.map((s) =>
    h(View, { key: `l${s.id}` }, legend([...s.entries, { key: NOT_RATED, label: NOT_RATED }], scaleColours.get(s.id)!, `${s.label}:`)),
  );
  const charts = data.sets.flatMap((set, si) => [
    // Kept with the first bar after it, never alone at the foot of a page.
    h(Text, { key: `set${si}`, style: styles.subsection, minPresenceAhead: 40 }, set.label),
    ...set.bars.flatMap((tally, i) => stackedBars([tally], scaleColours.get(set.skills[i].scaleId ?? -1) ?? new Map())),
  ]);
  const tables = data.sets.flatMap((set, si) => {
    const chunks: (typeof set.skills)[] = [];
    for (let i = 0; i < set.skills.length; i += SKILLS_PER_TABLE) chunks.push(set.skills.slice(i, i + SKILLS_PER_TABLE));
    return chunks.map((skills, ci) =>
      h(
        View,
        { key: `t${si}-${ci}`, style: styles.table },
        h(Text, { style: styles.subsection, minPresenceAhead: 60 }, set.label),
        h(
          View,
          { style: pdfStyles.headRow, fixed: true },
          h(Text, { style: [styles.cellName, styles.thFirst] }, "Child"),
          ...skills.map((s) => h(Text, { key: s.code, style: [styles.cellCode, styles.th] }, s.code)),
        ),
        ...data.children.map((child, i) =>
          h(
            View,
            { key: `c${i}`, style: pdfStyles.row, wrap: false },
            h(Text, { style: [styles.cellName, styles.tdFirst] }, child.name),
            ...skills.map((s) => h(Text, { key: s.code, style: [styles.cellCode, styles.td] }, child.ratings[s.code] ?? "-")),
          ),
        ),
      ),
    );
  });
  return document("ela-class-skb", data.header, [
    ...opening(
      "ela-class-skb",
      data.header,
      "How many children of the class are at each rating of each skill, by item set. Under each bar, every rating's code with its count; the tables give each child's rating ('-': not rated yet).",
      // Domain levels come from every item, so only this report narrows to the priority items.
      data.header.priorityOnly ? [fact("Items", "Priority items only")] : [],
    ),
    h(Text, { key: "s1", style: pdfStyles.section }, "Children at each rating"),
    ...legends,
    ...charts,
    h(Text, { key: "s2", style: pdfStyles.section, break: true }, "Ratings of each child"),
    ...(data.children.length ? tables : [noChildren]),
  ]);
}
