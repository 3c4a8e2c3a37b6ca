import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { shareStandardFontMetrics } from "./standard-fonts";
import { WORDS, type IsrLanguage, type LevelKey } from "./texts";

/**
 * The ISR page (react-pdf): one page per child, in English or Spanish. Everything on it comes from
 * the stored results (student_results) read by the job; nothing is computed here but the words.
 * The document carries its title, subject and language (/Lang) for assistive technology; react-pdf
 * writes no structure tree, so the text is in reading order, one column, with real text (no images).
 */

// Helvetica's metrics are built once per process, not once per document (see standard-fonts.ts).
shareStandardFontMetrics();

export interface IsrDomain {
  code: string;
  label: string;
  score: number | null;
  level: LevelKey | null;
}

export interface IsrData {
  language: IsrLanguage;
  tenantName: string;
  collectionName: string;
  childName: string;
  school: string;
  district: string;
  teachers: string | null;
  overallScore: number | null;
  level: LevelKey | null;
  domains: IsrDomain[];
}

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: "#1e293b", lineHeight: 1.35 },
  tenant: { fontSize: 9, color: "#475569", marginBottom: 4 },
  heading: { fontSize: 17, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginBottom: 8 },
  intro: { marginBottom: 12 },
  facts: { flexDirection: "row", flexWrap: "wrap", borderWidth: 1, borderColor: "#cbd5e1", padding: 8, marginBottom: 12 },
  fact: { width: "50%", marginBottom: 3 },
  factLabel: { fontFamily: "Helvetica-Bold" },
  section: { fontSize: 12, fontFamily: "Helvetica-Bold", color: "#0f3d75", marginTop: 6, marginBottom: 6 },
  overall: { flexDirection: "row", borderWidth: 2, borderColor: "#0f3d75", padding: 10, marginBottom: 8 },
  overallCell: { width: "50%" },
  big: { fontSize: 15, fontFamily: "Helvetica-Bold" },
  meaning: { marginBottom: 10 },
  row: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#e2e8f0", paddingVertical: 4 },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#334155", paddingBottom: 3, fontFamily: "Helvetica-Bold" },
  colDomain: { width: "45%" },
  colScore: { width: "20%" },
  colStatus: { width: "35%" },
  tip: { marginBottom: 4 },
  tipLabel: { fontFamily: "Helvetica-Bold" },
  footer: { position: "absolute", bottom: 30, left: 40, right: 40, fontSize: 9, color: "#475569", borderTopWidth: 1, borderTopColor: "#cbd5e1", paddingTop: 6 },
});

const fact = (label: string, value: string) => h(View, { style: styles.fact }, h(Text, null, h(Text, { style: styles.factLabel }, `${label}: `), value));

/** The document for one child. */
export function isrDocument(data: IsrData): ReactElement {
  const w = WORDS[data.language];
  const levelName = data.level ? w.levels[data.level].name : w.notComplete;
  const meaning = data.level ? w.levels[data.level].meaning : w.notCompleteMeaning;
  const domainName = (d: IsrDomain) => w.domainNames[d.code] ?? d.label;
  return h(
    Document,
    { title: `${w.title}: ${data.childName}`, subject: `${data.collectionName}, ${data.tenantName}`, author: data.tenantName, language: w.lang, creator: data.tenantName },
    h(
      Page,
      { size: "LETTER", style: styles.page },
      h(Text, { style: styles.tenant }, data.tenantName),
      h(Text, { style: styles.heading }, w.heading),
      h(Text, { style: styles.intro }, w.intro),
      h(
        View,
        { style: styles.facts },
        fact(w.child, data.childName),
        fact(w.collection, data.collectionName),
        fact(w.school, data.school),
        fact(w.district, data.district),
        fact(w.teacher, data.teachers ?? "-"),
      ),
      h(Text, { style: styles.section }, w.overall),
      h(
        View,
        { style: styles.overall },
        h(View, { style: styles.overallCell }, h(Text, null, w.scaleScore), h(Text, { style: styles.big }, data.overallScore === null ? "-" : String(data.overallScore))),
        h(View, { style: styles.overallCell }, h(Text, null, w.level), h(Text, { style: styles.big }, levelName)),
      ),
      h(Text, { style: styles.section }, w.whatItMeans),
      h(Text, { style: styles.meaning }, meaning),
      h(Text, { style: styles.section }, w.domains),
      h(View, { style: styles.headRow }, h(Text, { style: styles.colDomain }, w.domain), h(Text, { style: styles.colScore }, w.scaleScore), h(Text, { style: styles.colStatus }, w.domainStatus)),
      ...data.domains.map((d) =>
        h(
          View,
          { key: d.code, style: styles.row, wrap: false },
          h(Text, { style: styles.colDomain }, domainName(d)),
          h(Text, { style: styles.colScore }, d.score === null ? "-" : String(d.score)),
          h(Text, { style: styles.colStatus }, d.level ? w.levels[d.level].name : w.notScored),
        ),
      ),
      h(Text, { style: styles.section }, w.atHome),
      ...data.domains.map((d) => h(Text, { key: `tip-${d.code}`, style: styles.tip }, h(Text, { style: styles.tipLabel }, `${domainName(d)}: `), w.tips[d.code] ?? w.tipFallback)),
      h(Text, { style: styles.footer, fixed: true }, w.footer),
    ),
  );
}

/** One child's ISR as PDF bytes. */
export function renderIsr(data: IsrData): Promise<Buffer> {
  // react-pdf's types want a Document element; ours is one, built without JSX.
  return renderToBuffer(isrDocument(data) as Parameters<typeof renderToBuffer>[0]);
}
