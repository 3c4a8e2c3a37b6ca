import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { SheetDomain, SheetItem } from "@/lib/score-sheets/document";

/**
 * The rating sheet (platform §1, §7): the class-level paper form a teacher captures ratings on. A
 * legend of the collection's items with their rating scales, then a grid: one row per rostered
 * child, one column per item (by code), each cell a box per scale entry; with the recorded ratings
 * asked for, each child's current entry is ticked. Items run in blocks of ITEMS_PER_PAGE columns
 * (landscape), the header row repeating on every page. Real text (pdftotext reads it).
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

const styles = StyleSheet.create({
  page: { paddingTop: 30, paddingBottom: 40, paddingHorizontal: 30, fontSize: 8.5, fontFamily: "Helvetica", color: "#1e293b", lineHeight: 1.25 },
  tenant: { fontSize: 8.5, color: "#475569", marginBottom: 2 },
  heading: { fontSize: 15, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginBottom: 4 },
  facts: { flexDirection: "row", borderWidth: 1, borderColor: "#cbd5e1", padding: 5, marginBottom: 8 },
  fact: { marginRight: 24 },
  bold: { fontFamily: "Helvetica-Bold" },
  notice: { marginBottom: 6, color: "#334155" },
  section: { fontSize: 11, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginTop: 6, marginBottom: 3 },
  domain: { fontSize: 9.5, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginTop: 5, marginBottom: 2 },
  blockHeading: { fontSize: 12, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginBottom: 4 },
  legendRow: { flexDirection: "row", borderBottomWidth: 0.75, borderBottomColor: "#e2e8f0", paddingVertical: 2.5 },
  legendCode: { width: 60, fontFamily: "Helvetica-Bold" },
  legendLabel: { width: 300, paddingRight: 8 },
  legendScale: { flex: 1 },
  gridHeader: { flexDirection: "row", backgroundColor: "#f1f5f9", borderTopWidth: 1, borderBottomWidth: 1, borderColor: "#94a3b8" },
  gridRow: { flexDirection: "row", borderBottomWidth: 0.75, borderBottomColor: "#cbd5e1" },
  childCell: { width: 132, padding: 4, borderRightWidth: 0.75, borderRightColor: "#cbd5e1" },
  itemCell: { flex: 1, padding: 4, borderRightWidth: 0.75, borderRightColor: "#e2e8f0" },
  headCell: { fontFamily: "Helvetica-Bold", color: "#0f172a" },
  stateId: { color: "#475569", fontSize: 7.5 },
  footer: { position: "absolute", bottom: 18, left: 30, right: 30, fontSize: 7.5, color: "#475569" },
});

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

function top(data: RatingSheetData): ReactElement[] {
  return [
    h(Text, { key: "t", style: styles.tenant }, data.tenantName),
    h(Text, { key: "h", style: styles.heading }, `Rating sheet: ${data.collectionName}`),
    h(
      View,
      { key: "f", style: styles.facts },
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "School: "), data.school),
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "Children: "), String(data.children.length)),
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "Printed: "), data.printedOn),
    ),
  ];
}

const footer = (data: RatingSheetData) =>
  h(Text, {
    style: styles.footer,
    fixed: true,
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      `Rating sheet: ${data.collectionName} · page ${pageNumber} of ${totalPages}`,
  });

/** The legend: every item's code, label and rating scale, by domain. */
function legendPage(data: RatingSheetData): ReactElement {
  return h(
    Page,
    { key: "legend", size: "LETTER", orientation: "landscape", style: styles.page, wrap: true },
    ...top(data),
    h(Text, { style: styles.notice }, data.includeScores ? RECORDED_NOTICE : "Tick one box per child and item. Codes are explained below."),
    h(Text, { style: styles.section }, "Items and their rating scales"),
    ...data.domains.map((domain, d) =>
      h(
        View,
        { key: d },
        h(Text, { style: styles.domain, minPresenceAhead: 24 }, domain.label),
        ...domain.items.map((item, i) =>
          h(
            View,
            { key: i, style: styles.legendRow, wrap: false },
            h(Text, { style: styles.legendCode }, item.code),
            h(Text, { style: styles.legendLabel }, item.label),
            h(Text, { style: styles.legendScale }, item.entries.map((e) => (e.label && e.label !== e.code ? `${e.code} = ${e.label}` : e.code)).join("   ")),
          ),
        ),
      ),
    ),
    footer(data),
  );
}

function cell(item: SheetItem, child: RatingChild, key: number): ReactElement {
  const recorded = child.ratings.get(item.id ?? -1);
  return h(
    View,
    { key, style: styles.itemCell },
    ...item.entries.map((e, j) => h(Text, { key: j }, `${recorded !== undefined && recorded === e.id ? "[X]" : "[  ]"} ${e.code}`)),
  );
}

/** One block of item columns: a fixed header row, then a row per child. */
function gridPage(data: RatingSheetData, items: SheetItem[], key: number, blocks: number): ReactElement {
  return h(
    Page,
    { key, size: "LETTER", orientation: "landscape", style: styles.page, wrap: true },
    h(Text, { style: styles.tenant, fixed: true }, data.tenantName),
    h(
      Text,
      { style: styles.blockHeading, fixed: true },
      `Rating sheet: ${data.collectionName}${blocks > 1 ? ` (items ${key * ITEMS_PER_PAGE + 1}-${key * ITEMS_PER_PAGE + items.length})` : ""}`,
    ),
    h(
      View,
      { style: styles.gridHeader, fixed: true },
      h(Text, { style: [styles.childCell, styles.headCell] }, "Child"),
      ...items.map((item, i) => h(Text, { key: i, style: [styles.itemCell, styles.headCell] }, item.code)),
      // Empty columns keep the block's widths equal to a full block's.
      ...Array.from({ length: ITEMS_PER_PAGE - items.length }, (_, i) => h(View, { key: `pad${i}`, style: styles.itemCell })),
    ),
    ...data.children.map((child, c) =>
      h(
        View,
        { key: c, style: styles.gridRow, wrap: false },
        h(View, { style: styles.childCell }, h(Text, { style: styles.bold }, child.name), h(Text, { style: styles.stateId }, child.stateId)),
        ...items.map((item, i) => cell(item, child, i)),
        ...Array.from({ length: ITEMS_PER_PAGE - items.length }, (_, i) => h(View, { key: `pad${i}`, style: styles.itemCell })),
      ),
    ),
    footer(data),
  );
}

export function ratingSheetDocument(data: RatingSheetData): ReactElement {
  const blocks = chunks(
    data.domains.flatMap((d) => d.items),
    ITEMS_PER_PAGE,
  );
  return h(
    Document,
    { title: `Rating sheet: ${data.collectionName}`, subject: "Rating sheet", language: "en-US", author: data.tenantName },
    legendPage(data),
    ...blocks.map((items, i) => gridPage(data, items, i, blocks.length)),
  );
}
