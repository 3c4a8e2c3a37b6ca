import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PDFDocument from "pdfkit";
import { renderToBuffer } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { isrDocument, type IsrData } from "@/lib/isr/document";
import { metricsOf } from "@/lib/isr/standard-fonts";

/**
 * The shared standard-font metrics (lib/isr/standard-fonts.ts, installed by lib/isr/document.ts):
 * every document gets its own font object (id, PDF object) over one metrics object, and the ISR's
 * text and layout are those pdfkit draws without it.
 */

type Doc = { font(name: string): Doc; _font: { id: string; document: unknown } };
const newDoc = () => new (PDFDocument as unknown as new (o: object) => Doc)({ autoFirstPage: false });

const child: IsrData = {
  language: "es",
  tenantName: "Estado",
  collectionName: "KRA",
  childName: "Ana Abbott",
  school: "S1",
  district: "D1",
  teachers: "T. Teacher",
  overallScore: 275,
  level: "DEMONSTRATING",
  domains: [
    { code: "LL", label: "Language and Literacy", score: 250, level: "APPROACHING" },
    { code: "MA", label: "Math", score: null, level: null },
  ],
};

describe("ISR standard fonts", () => {
  it("shares one metrics object across documents, with a font object of each document's own", () => {
    const a = newDoc().font("Helvetica-Bold");
    const b = newDoc().font("Helvetica-Bold");
    expect(metricsOf(a, "Helvetica-Bold")).toBeDefined();
    expect(metricsOf(a, "Helvetica-Bold")).toBe(metricsOf(b, "Helvetica-Bold"));
    expect(a._font).not.toBe(b._font);
    expect(a._font.document).toBe(a);
    expect(b._font.document).toBe(b);
    expect(a._font.id).toMatch(/^F\d+$/);
  });

  it("renders the ISR's text as before: words, accents, one page", async () => {
    const pdf = await renderToBuffer(isrDocument(child) as Parameters<typeof renderToBuffer>[0]);
    const dir = mkdtempSync(path.join(tmpdir(), "isr-fonts-"));
    const file = path.join(dir, "isr.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text.split("\f").filter((p) => p.trim())).toHaveLength(1);
    expect(text).toContain("Ana Abbott");
    expect(text).toContain("Preparación para el kínder");
    expect(text).toContain("Demuestra preparación");
    expect(execFileSync("pdffonts", [file]).toString("utf8")).toMatch(/Helvetica-Bold/);
  });
});
