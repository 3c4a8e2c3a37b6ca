import { fact, factsBox, PDF_ACCENT, PDF_MUTED, PDF_RULE, pdfStyles, section } from "@/lib/pdf/parts";
import { TaggedDocument } from "@/lib/pdf/tagged-document";
import { drawTable } from "@/lib/pdf/tagged-table";
import { WORDS, type IsrLanguage, type LevelKey } from "./texts";

/**
 * The ISR page: one page per child, in English or Spanish. Everything on it comes from the stored
 * results (student_results) read by the job; nothing is computed here but the words. A tagged PDF
 * (lib/pdf/tagged-document.ts): title, subject and /Lang for assistive technology, the page heading
 * H1, section headings H2, the results by area a Table, everything else P, in reading order.
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
  /** The tenant's logo (PNG or JPEG), drawn beside its name; decorative, so an artifact. */
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

const PAGE = { top: 40, bottom: 40, left: 40, right: 40 };
const LOGO = { height: 32, maxWidth: 120 };
const body = pdfStyles.body;
const big = { size: 15, bold: true, lineHeight: 1.35 };

/** The tenant's name, beside its logo when it has one. */
function brand(pdf: TaggedDocument, data: IsrData) {
  if (!data.logo) return pdf.block("P", data.tenantName, pdfStyles.tenant, { marginBottom: 4 });
  const logo = data.logo.data;
  const size = pdf.doc.openImage(logo);
  const width = Math.min(LOGO.maxWidth, (LOGO.height * size.width) / size.height);
  const height = (width * size.height) / size.width;
  const y = pdf.y;
  pdf.artifact((doc) => doc.image(logo, pdf.left, y + (LOGO.height - height) / 2, { width, height }));
  const text = pdf.heightOf(data.tenantName, pdfStyles.tenant, pdf.width - width - 8);
  pdf.text("P", data.tenantName, pdfStyles.tenant, { x: pdf.left + width + 8, y: y + (LOGO.height - text) / 2, width: pdf.width - width - 8 });
  pdf.y = y + LOGO.height + 4;
}

/** The overall result: scale score and level side by side in a frame. */
function overall(pdf: TaggedDocument, cells: [string, string][]) {
  const padding = 10;
  const half = (pdf.width - 2 * padding) / 2;
  const top = pdf.y;
  let height = 0;
  cells.forEach(([label, value], c) => {
    const at = { x: pdf.left + padding + c * half, y: top + padding, width: half - 4 };
    const first = pdf.text("P", label, body, at);
    height = Math.max(height, first + pdf.text("P", value, big, { ...at, y: at.y + first }));
  });
  pdf.frame(pdf.left, top, pdf.width, height + 2 * padding, PDF_ACCENT, 2);
  pdf.y = top + height + 2 * padding + 8;
}

/** One child's ISR as tagged PDF bytes. */
export async function renderIsr(data: IsrData): Promise<Uint8Array> {
  const w = WORDS[data.language];
  const levelName = data.level ? w.levels[data.level].name : w.notComplete;
  const meaning = data.level ? w.levels[data.level].meaning : w.notCompleteMeaning;
  const domainName = (d: IsrDomain) => w.domainNames[d.code] ?? d.label;
  const pdf = new TaggedDocument(
    { title: `${w.title}: ${data.childName}`, lang: w.lang, subject: `${data.collectionName}, ${data.tenantName}`, author: data.tenantName },
    { margin: PAGE },
  );

  brand(pdf, data);
  pdf.block("H1", w.heading, pdfStyles.heading, { marginBottom: 8 });
  pdf.block("P", w.intro, body, { marginBottom: 12 });
  factsBox(
    pdf,
    [
      fact(w.child, data.childName),
      fact(w.collection, data.collectionName),
      fact(w.school, data.school),
      fact(w.district, data.district),
      fact(w.teacher, data.teachers ?? "-"),
    ],
    { style: body, padding: 8, columns: 2, gap: 3, marginBottom: 12 },
  );
  section(pdf, w.overall);
  overall(pdf, [
    [w.scaleScore, data.overallScore === null ? "-" : String(data.overallScore)],
    [w.level, levelName],
  ]);
  section(pdf, w.whatItMeans);
  pdf.block("P", meaning, body, { marginBottom: 10 });
  section(pdf, w.domains);
  drawTable(
    pdf,
    [0.45, 0.2, 0.35].map((share) => ({ width: pdf.width * share })),
    [w.domain, w.scaleScore, w.domainStatus],
    data.domains.map((d) => [domainName(d), d.score === null ? "-" : String(d.score), d.level ? w.levels[d.level].name : w.notScored]),
    {
      head: { ...body, bold: true },
      body,
      padding: 4,
      gap: 4,
      headRule: { color: "#334155", width: 1 },
      rowRule: { color: PDF_RULE, width: 1 },
    },
  );
  pdf.y += 4;
  section(pdf, w.atHome);
  for (const d of data.domains)
    pdf.block("P", [{ text: `${domainName(d)}: `, bold: true }, { text: w.tips[d.code] ?? w.tipFallback }], body, { marginBottom: 4 });

  // The footer closes the page: a rule, then the words (content, the last in reading order).
  const footerHeight = pdf.heightOf(w.footer, pdfStyles.footer, pdf.width);
  const footerTop = pdf.pageHeight - 30 - footerHeight - 6;
  pdf.rule(pdf.left, footerTop, pdf.width, "#cbd5e1");
  pdf.text("P", w.footer, { ...pdfStyles.footer, color: PDF_MUTED }, { x: pdf.left, y: footerTop + 6, width: pdf.width });
  return pdf.end();
}
