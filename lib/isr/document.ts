import { createElement as h, type ReactElement } from "react";
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { fact, pdfStyles } from "@/lib/pdf/parts";
import { isrTagOf } from "./headings";
import { cellSize, tagPdf } from "./tag-pdf";
import { WORDS, type IsrLanguage, type LevelKey } from "./texts";

/**
 * The ISR page (react-pdf): one page per child, in English or Spanish. Everything on it comes from
 * the stored results (student_results) read by the job; nothing is computed here but the words.
 * The document carries its title, subject and language (/Lang) for assistive technology, and is a
 * tagged PDF: react-pdf writes no structure tree, so tag-pdf.ts adds it after rendering.
 */

export interface IsrDomain {
  code: string;
  label: string;
  score: number | null;
  level: LevelKey | null;
}

export interface IsrData {
  language: IsrLanguage;
  tenantName: string;
  /** The tenant's logo (PNG or JPEG), drawn beside its name; decorative, so tagged as an artifact. */
  logo?: { data: Buffer; format: "png" | "jpg" } | null;
  collectionName: string;
  childName: string;
  school: string;
  district: string;
  teachers: string | null;
  overallScore: number | null;
  level: LevelKey | null;
  domains: IsrDomain[];
}

// The shared page, heading, facts, section, row and footer styles (lib/pdf/parts.ts), and the ISR's own.
const styles = {
  ...pdfStyles,
  ...StyleSheet.create({
    brand: { flexDirection: "row", alignItems: "center", marginBottom: 4 },
    logo: { height: 32, maxWidth: 120, marginRight: 8, objectFit: "contain" },
    intro: { marginBottom: 12 },
    overall: { flexDirection: "row", borderWidth: 2, borderColor: "#0f3d75", padding: 10, marginBottom: 8 },
    overallCell: { width: "50%" },
    big: { fontSize: 15, fontFamily: "Helvetica-Bold" },
    meaning: { marginBottom: 10 },
    colDomain: { width: "45%" },
    colScore: { width: "20%" },
    colStatus: { width: "35%" },
    // The results table's cells, marked for the tagged PDF's Table > TR > TH/TD (tag-pdf.ts cellSize).
    head: { fontSize: cellSize(10, "TH") },
    headFirst: { fontSize: cellSize(10, "TH", true) },
    cell: { fontSize: cellSize(10, "TD") },
    cellFirst: { fontSize: cellSize(10, "TD", true) },
    tip: { marginBottom: 4 },
    tipLabel: { fontFamily: "Helvetica-Bold" },
  }),
};

/** The document for one child. */
export function isrDocument(data: IsrData): ReactElement {
  const w = WORDS[data.language];
  const levelName = data.level ? w.levels[data.level].name : w.notComplete;
  const meaning = data.level ? w.levels[data.level].meaning : w.notCompleteMeaning;
  const domainName = (d: IsrDomain) => w.domainNames[d.code] ?? d.label;
  return h(
    Document,
    {
      title: `${w.title}: ${data.childName}`,
      pdfVersion: "1.7",
      subject: `${data.collectionName}, ${data.tenantName}`,
      author: data.tenantName,
      language: w.lang,
      creator: data.tenantName,
    },
    h(
      Page,
      { size: "LETTER", style: styles.page },
      data.logo
        ? h(
            View,
            { style: styles.brand },
            h(Image, { style: styles.logo, src: data.logo }),
            h(Text, { style: { ...styles.tenant, marginBottom: 0 } }, data.tenantName),
          )
        : h(Text, { style: styles.tenant }, data.tenantName),
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
        h(
          View,
          { style: styles.overallCell },
          h(Text, null, w.scaleScore),
          h(Text, { style: styles.big }, data.overallScore === null ? "-" : String(data.overallScore)),
        ),
        h(View, { style: styles.overallCell }, h(Text, null, w.level), h(Text, { style: styles.big }, levelName)),
      ),
      h(Text, { style: styles.section }, w.whatItMeans),
      h(Text, { style: styles.meaning }, meaning),
      h(Text, { style: styles.section }, w.domains),
      h(
        View,
        { style: styles.headRow },
        h(Text, { style: [styles.colDomain, styles.headFirst] }, w.domain),
        h(Text, { style: [styles.colScore, styles.head] }, w.scaleScore),
        h(Text, { style: [styles.colStatus, styles.head] }, w.domainStatus),
      ),
      ...data.domains.map((d) =>
        h(
          View,
          { key: d.code, style: styles.row, wrap: false },
          h(Text, { style: [styles.colDomain, styles.cellFirst] }, domainName(d)),
          h(Text, { style: [styles.colScore, styles.cell] }, d.score === null ? "-" : String(d.score)),
          h(Text, { style: [styles.colStatus, styles.cell] }, d.level ? w.levels[d.level].name : w.notScored),
        ),
      ),
      h(Text, { style: styles.section }, w.atHome),
      ...data.domains.map((d) =>
        h(Text, { key: `tip-${d.code}`, style: styles.tip }, h(Text, { style: styles.tipLabel }, `${domainName(d)}: `), w.tips[d.code] ?? w.tipFallback),
      ),
      h(Text, { style: styles.footer, fixed: true }, w.footer),
    ),
  );
}

/** One child's ISR as tagged PDF bytes. */
export async function renderIsr(data: IsrData): Promise<Uint8Array> {
  // react-pdf's types want a Document element; ours is one, built without JSX.
  const pdf = await renderToBuffer(isrDocument(data) as Parameters<typeof renderToBuffer>[0]);
  const w = WORDS[data.language];
  return tagPdf(pdf, isrTagOf, { title: `${w.title}: ${data.childName}`, lang: w.lang });
}
