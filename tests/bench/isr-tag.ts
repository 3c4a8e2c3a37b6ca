/**
 * The cost of tagging an ISR (lib/isr/tag-pdf.ts), no database: PAGES real ISRs (English and Spanish
 * alternately) rendered with react-pdf, then, interleaved in this one process so both sides see the
 * same load: the render alone, and the tag step alone on its bytes; then merges of them all: the
 * download's former pdf-lib merge of untagged parts, and TaggedPdfMerger's (copy, rebuild the tree).
 *   npx tsx tests/bench/isr-tag.ts [PAGES=300]
 */
export {};
const os = await import("node:os");
const { renderToBuffer } = await import("@react-pdf/renderer");
const { isrDocument } = await import("../../lib/isr/document");
const { isrTagOf } = await import("../../lib/isr/headings");
const { PDFDocument } = await import("pdf-lib");
const { TaggedPdfMerger, tagPdf } = await import("../../lib/isr/tag-pdf");
type IsrData = import("../../lib/isr/document").IsrData;

const PAGES = Number(process.argv[2] ?? 300);
const data = (n: number): IsrData => ({
  language: n % 2 ? "es" : "en",
  tenantName: "Bench State",
  collectionName: "KRA Fall",
  childName: `Child ${n} Benchmark`,
  school: "Alder School",
  district: "North District",
  teachers: "Tina Teach",
  overallScore: 250 + (n % 40),
  level: (["EMERGING", "APPROACHING", "DEMONSTRATING"] as const)[n % 3],
  domains: ["LL", "MA", "SF", "PD"].map((code, i) => ({ code, label: code, score: 240 + ((n + i) % 50), level: "APPROACHING" as const })),
});
const render = (n: number) => renderToBuffer(isrDocument(data(n)) as Parameters<typeof renderToBuffer>[0]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const rendered: Buffer[] = [];
for (let n = 0; n < 30; n++) await tagPdf(await render(n), isrTagOf, { title: "warm-up", lang: "en-US" });
const renderMs: number[] = [];
const tagMs: number[] = [];
const tagged: Uint8Array[] = [];
for (let n = 0; n < PAGES; n++) {
  let t = performance.now();
  const pdf = await render(n);
  renderMs.push(performance.now() - t);
  rendered.push(pdf);
  t = performance.now();
  tagged.push(await tagPdf(pdf, isrTagOf, { title: `Individual Student Report: Child ${n}`, lang: n % 2 ? "es-US" : "en-US" }));
  tagMs.push(performance.now() - t);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(`render: mean ${(sum(renderMs) / PAGES).toFixed(1)} ms, median ${median(renderMs).toFixed(1)} ms a page`);
console.log(
  `tag:    mean ${(sum(tagMs) / PAGES).toFixed(2)} ms, median ${median(tagMs).toFixed(2)} ms a page (${((100 * sum(tagMs)) / sum(renderMs)).toFixed(1)}% of the render)`,
);
console.log(
  `bytes:  ${(sum(rendered.map((b) => b.length)) / PAGES).toFixed(0)} rendered, ${(sum(tagged.map((b) => b.length)) / PAGES).toFixed(0)} tagged a page`,
);

// The download's merge before tagging (pdf-lib copyPages, no tree), then the tagged merge.
let t = performance.now();
const plain = await PDFDocument.create();
for (const part of rendered) for (const page of await plain.copyPages(await PDFDocument.load(part), [0])) plain.addPage(page);
await plain.save();
const plainMs = performance.now() - t;
console.log(`plain merge of ${PAGES} untagged ISRs (before): ${plainMs.toFixed(0)} ms (${(plainMs / PAGES).toFixed(2)} ms a page)`);
t = performance.now();
const merger = await TaggedPdfMerger.create(isrTagOf);
for (const part of tagged) await merger.add(part);
const merged = await merger.save({ title: "Individual Student Report: KRA Fall", lang: "en-US" });
const mergeMs = performance.now() - t;
console.log(`merge of ${PAGES} tagged ISRs: ${mergeMs.toFixed(0)} ms (${(mergeMs / PAGES).toFixed(2)} ms a page), ${merged.length} bytes`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
