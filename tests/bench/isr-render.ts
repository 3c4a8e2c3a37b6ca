/**
 * The cost of an ISR's PDF, no database: PAGES real ISRs (English and Spanish alternately) drawn as
 * tagged PDFs (lib/pdf/tagged-document.ts: pdfkit with its structure API, nothing after), then one
 * merged download of them all (lib/pdf/merge-tagged.ts: copy the pages, copy each part's tree).
 *   npx tsx tests/bench/isr-render.ts [PAGES=300]
 */
export {};
const os = await import("node:os");
const { renderIsr } = await import("../../lib/isr/document");
const { TaggedPdfMerger } = await import("../../lib/pdf/merge-tagged");
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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

console.log(`load average ${load()}`);
for (let n = 0; n < 30; n++) await renderIsr(data(n));
const renderMs: number[] = [];
const pdfs: Uint8Array[] = [];
for (let n = 0; n < PAGES; n++) {
  const t = performance.now();
  pdfs.push(await renderIsr(data(n)));
  renderMs.push(performance.now() - t);
}
console.log(
  `render (tagged): mean ${(sum(renderMs) / PAGES).toFixed(2)} ms, median ${median(renderMs).toFixed(2)} ms a page; ${(sum(pdfs.map((b) => b.length)) / PAGES).toFixed(0)} bytes a page`,
);

const t = performance.now();
const merger = await TaggedPdfMerger.create();
for (const part of pdfs) await merger.add(part);
const merged = await merger.save({ title: "Individual Student Report: KRA Fall", lang: "en-US" });
const mergeMs = performance.now() - t;
console.log(`merge of ${PAGES} tagged ISRs: ${mergeMs.toFixed(0)} ms (${(mergeMs / PAGES).toFixed(2)} ms a page), ${merged.length} bytes`);
console.log(`load average ${load()}`);
