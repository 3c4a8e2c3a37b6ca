import { createElement as h } from "react";
import { Font, StyleSheet, Text, View } from "@react-pdf/renderer";
import { shareStandardFontMetrics } from "@/lib/isr/standard-fonts";

/**
 * What every react-pdf document of the platform shares (ISRs, the class reports): Helvetica with its
 * metrics built once per process, no hyphenation, and the page, heading, facts box, section and
 * table-row styles. Text stays text (no images), so the PDFs are searchable and read aloud.
 */

shareStandardFontMetrics();
// Hyphenation splits words for nothing on these pages and costs layout time.
Font.registerHyphenationCallback((word) => [word]);

export const PDF_TEXT = "#1e293b";
export const PDF_MUTED = "#475569";
const PDF_ACCENT = "#0f3d75";

export const pdfStyles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: PDF_TEXT, lineHeight: 1.35 },
  tenant: { fontSize: 9, color: PDF_MUTED, marginBottom: 4 },
  heading: { fontSize: 17, fontFamily: "Helvetica-Bold", color: PDF_ACCENT, marginBottom: 8 },
  facts: { flexDirection: "row", flexWrap: "wrap", borderWidth: 1, borderColor: "#cbd5e1", padding: 8, marginBottom: 12 },
  fact: { width: "50%", marginBottom: 3 },
  factLabel: { fontFamily: "Helvetica-Bold" },
  section: { fontSize: 12, fontFamily: "Helvetica-Bold", color: PDF_ACCENT, marginTop: 6, marginBottom: 6 },
  row: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#e2e8f0", paddingVertical: 4 },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#334155", paddingBottom: 3, fontFamily: "Helvetica-Bold" },
  footer: { position: "absolute", bottom: 30, left: 40, right: 40, fontSize: 9, color: PDF_MUTED, borderTopWidth: 1, borderTopColor: "#cbd5e1", paddingTop: 6 },
});

/** One "Label: value" entry of a facts box. */
export const fact = (label: string, value: string) =>
  h(View, { style: pdfStyles.fact }, h(Text, null, h(Text, { style: pdfStyles.factLabel }, `${label}: `), value));
