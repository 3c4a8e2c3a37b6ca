import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";

/**
 * The score sheet (platform §7 'Reports and outputs'): for each child, the collection's items by
 * domain with the scale's entries as boxes to tick by hand, or, for training, ticked at random (a
 * practice sheet: nothing is saved). One child per page; a class sheet is the pages of every child.
 * Real text in reading order (pdftotext reads it), the title and language set for assistive technology.
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

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 9.5, fontFamily: "Helvetica", color: "#1e293b", lineHeight: 1.3 },
  tenant: { fontSize: 8.5, color: "#475569", marginBottom: 3 },
  heading: { fontSize: 15, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginBottom: 6 },
  practice: { borderWidth: 1.5, borderColor: "#b45309", color: "#7c2d12", padding: 6, marginBottom: 8, fontFamily: "Helvetica-Bold" },
  facts: { flexDirection: "row", flexWrap: "wrap", borderWidth: 1, borderColor: "#cbd5e1", padding: 6, marginBottom: 10 },
  fact: { width: "50%", marginBottom: 2 },
  bold: { fontFamily: "Helvetica-Bold" },
  domain: { fontSize: 11, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginTop: 6, marginBottom: 3 },
  row: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#e2e8f0", paddingVertical: 3 },
  item: { width: "45%", paddingRight: 6 },
  entries: { width: "55%", flexDirection: "row", flexWrap: "wrap" },
  entry: { marginRight: 10 },
  footer: { position: "absolute", bottom: 22, left: 36, right: 36, fontSize: 8, color: "#475569" },
});

function childPage(data: SheetData, child: SheetChild, key: number): ReactElement {
  return h(
    Page,
    { key, size: "LETTER", style: styles.page, wrap: true },
    h(Text, { style: styles.tenant }, data.tenantName),
    h(Text, { style: styles.heading }, `Score sheet: ${data.collectionName}`),
    data.practice ? h(Text, { style: styles.practice }, PRACTICE_NOTICE) : null,
    h(
      View,
      { style: styles.facts },
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "Child: "), child.name),
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "State ID: "), child.stateId),
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "School: "), child.school),
      h(Text, { style: styles.fact }, h(Text, { style: styles.bold }, "Printed: "), data.printedOn),
    ),
    ...child.domains.map((domain, d) =>
      h(
        View,
        { key: d },
        h(Text, { style: styles.domain, minPresenceAhead: 30 }, domain.label),
        ...domain.items.map((item, i) =>
          h(
            View,
            { key: i, style: styles.row, wrap: false },
            h(Text, { style: styles.item }, h(Text, { style: styles.bold }, `${item.code} `), item.label),
            h(
              View,
              { style: styles.entries },
              ...item.entries.map((e, j) =>
                h(
                  Text,
                  { key: j, style: styles.entry },
                  `${item.picked === e.code ? "[X]" : "[  ]"} ${e.code}${e.label && e.label !== e.code ? ` ${e.label}` : ""}`,
                ),
              ),
            ),
          ),
        ),
      ),
    ),
    h(Text, {
      style: styles.footer,
      fixed: true,
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${child.name} · page ${pageNumber} of ${totalPages}`,
    }),
  );
}

export function scoreSheetDocument(data: SheetData): ReactElement {
  return h(
    Document,
    { title: `Score sheet: ${data.collectionName}`, subject: data.practice ? PRACTICE_NOTICE : "Score sheet", language: "en-US", author: data.tenantName },
    ...data.children.map((child, i) => childPage(data, child, i)),
  );
}
