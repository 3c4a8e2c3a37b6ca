import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderIsr, type IsrData } from "@/lib/isr/document";
import { WORDS } from "@/lib/isr/texts";
import { TaggedPdfMerger } from "@/lib/pdf/merge-tagged";

/**
 * The ISR is a tagged PDF drawn with pdfkit's structure API (lib/pdf/tagged-document.ts): the tree as
 * poppler reads it (`pdfinfo -struct-text`: elements in order with their text), the catalog's
 * entries and the page's marked content read back with pdf-lib; then a merged download keeps it.
 */

const child = (language: "en" | "es", childName: string): IsrData => ({
  language,
  tenantName: "Estado",
  collectionName: "KRA Fall",
  childName,
  school: "Alder School",
  district: "North District",
  teachers: "Tina Teach",
  overallScore: 275,
  level: "DEMONSTRATING",
  domains: [
    { code: "LL", label: "Language and Literacy", score: 250, level: "APPROACHING" },
    { code: "MA", label: "Mathematics", score: null, level: null },
    { code: "SF", label: "Social Foundations", score: 262, level: "DEMONSTRATING" },
    { code: "PD", label: "Physical Well-Being", score: 240, level: "EMERGING" },
  ],
});

const poppler = (tool: string, bytes: Uint8Array, args: string[] = []) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "isr-tagged-")), "isr.pdf");
  writeFileSync(file, bytes);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])]).toString("utf8");
};

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** The structure tree as poppler prints it: each element's tag and its text (the quoted lines under it). */
function structure(pdf: Uint8Array) {
  const elements: { tag: string; text: string }[] = [];
  for (const line of poppler("pdfinfo", pdf, ["-struct-text"]).split("\n")) {
    const quoted = line.match(/^\s+"(.*)"$/);
    const tag = line.match(/^\s*([A-Z][A-Za-z0-9]*)(:| \(| "|$)/);
    if (quoted && elements.length) elements[elements.length - 1].text = words(`${elements[elements.length - 1].text} ${quoted[1]}`);
    else if (tag) elements.push({ tag: tag[1], text: "" });
  }
  return elements.slice(1);
}

/** Each of `texts` is found in `elements`' text, in this order. */
function inOrder(elements: { text: string }[], texts: string[]) {
  let at = 0;
  for (const text of texts) {
    const found = elements.findIndex((e, n) => n >= at && e.text.includes(words(text)));
    expect(found, text).toBeGreaterThanOrEqual(at);
    at = found + 1;
  }
}

/** A page's content streams, decoded. */
function contentOf(doc: PDFDocument, page: number) {
  const contents = doc.getPage(page).node.lookup(PDFName.of("Contents"));
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams.map((s) => inflateSync((s as PDFRawStream).contents).toString("latin1")).join("\n");
}

describe("ISR tagged PDF", () => {
  for (const language of ["en", "es"] as const) {
    it(`tags the ${language} ISR: headings, text and table in reading order, drawing as artifacts, language and title`, async () => {
      const data = child(language, language === "en" ? "Ana Abbott" : "José Núñez");
      const w = WORDS[language];
      const pdf = await renderIsr(data);

      const info = poppler("pdfinfo", pdf);
      expect(info).toMatch(/Tagged:\s+yes/);
      expect(info).toMatch(/Pages:\s+1\n/);
      expect(info).toContain(`${w.title}: ${data.childName}`);

      const doc = await PDFDocument.load(pdf);
      expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe(w.lang);
      expect(doc.catalog.lookup(PDFName.of("MarkInfo"), PDFDict).lookup(PDFName.of("Marked"))).toBe(PDFBool.True);
      expect(doc.catalog.lookup(PDFName.of("ViewerPreferences"), PDFDict).lookup(PDFName.of("DisplayDocTitle"))).toBe(PDFBool.True);
      expect(doc.getTitle()).toBe(`${w.title}: ${data.childName}`);

      const elements = structure(pdf);
      expect(elements.filter((e) => e.tag === "H1").map((e) => e.text)).toEqual([w.heading]);
      expect(elements.filter((e) => e.tag === "H2").map((e) => e.text)).toEqual([w.overall, w.whatItMeans, w.domains, w.atHome]);
      expect(elements.find((e) => e.text.startsWith(w.intro.slice(0, 30)))?.text).toBe(words(w.intro));
      const domains = data.domains.map((d) => w.domainNames[d.code]);
      inOrder(elements, [
        data.tenantName,
        w.heading,
        data.childName,
        w.overall,
        "275",
        w.levels.DEMONSTRATING.name,
        w.domains,
        ...domains,
        w.atHome,
        ...domains,
        w.footer,
      ]);
      expect(elements.find((e) => e.text.includes(data.childName))).toEqual({ tag: "P", text: `${w.child}: ${data.childName}` });
      // The results table is a Table: a header row of TH (scope column), then a row of TD per domain.
      const table = elements.slice(elements.findIndex((e) => e.tag === "Table"));
      const rows = [
        [w.domain, w.scaleScore, w.domainStatus],
        ...data.domains.map((d) => [w.domainNames[d.code], d.score === null ? "-" : String(d.score), d.level ? w.levels[d.level].name : w.notScored]),
      ];
      expect(table.slice(0, 1 + rows.length * 4).map((e) => (e.text ? `${e.tag} ${e.text}` : e.tag))).toEqual([
        "Table",
        ...rows.flatMap((cells, r) => ["TR", ...cells.map((c) => `${r === 0 ? "TH" : "TD"} ${words(c)}`)]),
      ]);
      expect(table[1 + rows.length * 4]).toMatchObject({ tag: "H2", text: w.atHome });
      const tree = poppler("pdfinfo", pdf, ["-struct-text"]);
      expect(tree).toMatch(new RegExp(`H1 \\(block\\)\\n\\s+"${w.heading}"`));
      expect(tree).toMatch(/Table \(block\)\n\s+TR\n\s+TH:\n\s+\/Scope \/Column/);

      // Every piece of text is marked content of an element, every drawing an artifact, and the page's
      // parent tree leads from each MCID back to an element.
      const content = contentOf(doc, 0);
      let depth = 0;
      for (const token of content.split(/\s+/)) {
        if (token === "BDC" || token === "BMC") depth++;
        else if (token === "EMC") depth--;
        else if (["BT", "S", "f", "B", "b", "Do"].includes(token)) expect(depth, token).toBe(1);
      }
      expect(depth).toBe(0);
      expect(content).toMatch(/\/Artifact/);
      const mcids = [...content.matchAll(/\/MCID (\d+)/g)].map((m) => Number(m[1]));
      const key = doc.getPage(0).node.lookup(PDFName.of("StructParents"), PDFNumber).asNumber();
      const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
      const nums = root.lookup(PDFName.of("ParentTree"), PDFDict).lookup(PDFName.of("Nums"), PDFArray);
      const byMcid = nums.lookup(nums.asArray().findIndex((v, n) => n % 2 === 0 && (v as PDFNumber).asNumber() === key) + 1, PDFArray);
      expect(mcids).toEqual(mcids.map((_, n) => n));
      for (const mcid of mcids) expect(byMcid.lookup(mcid, PDFDict).lookup(PDFName.of("S"), PDFName)).toBeDefined();

      // The words as a reader extracts them.
      const text = poppler("pdftotext", pdf, ["-layout"]);
      for (const part of [w.heading, data.childName, ...domains, w.footer]) expect(words(text)).toContain(words(part));
    });
  }

  it("keeps the trees through a merge: a section per child with its language; a part without a tree keeps its page", async () => {
    const en = await renderIsr(child("en", "Ana Abbott"));
    const es = await renderIsr(child("es", "José Núñez"));
    const untagged = await PDFDocument.create();
    untagged.addPage().drawText("Ben Baker", { font: await untagged.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
    const merger = await TaggedPdfMerger.create();
    for (const part of [en, es, await untagged.save()]) await merger.add(part);
    const merged = await merger.save({ title: "Individual Student Report: KRA Fall", lang: "en-US" });

    expect(poppler("pdfinfo", merged)).toMatch(/Tagged:\s+yes[\s\S]*Pages:\s+3\n/);
    const doc = await PDFDocument.load(merged);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("en-US");
    expect(doc.getPages().map((p) => p.node.lookup(PDFName.of("StructParents"), PDFNumber).asNumber())).toEqual([0, 1, 2]);
    const elements = structure(merged);
    expect(elements.filter((e) => e.tag === "Sect")).toHaveLength(2);
    const top = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict).lookup(PDFName.of("K"), PDFDict);
    const sections = top.lookup(PDFName.of("K"), PDFArray);
    const sectionLang = (n: number) => sections.lookup(n, PDFDict).lookup(PDFName.of("Lang"), PDFString).decodeText();
    expect([sectionLang(0), sectionLang(1)]).toEqual(["en-US", "es-US"]);
    // Each tagged part's results table comes through the merge as a table (5 rows of 3 cells).
    expect(elements.filter((e) => e.tag === "Table")).toHaveLength(2);
    expect(elements.filter((e) => e.tag === "TR")).toHaveLength(10);
    expect(elements.filter((e) => e.tag === "TD")).toHaveLength(24);
    inOrder(elements, [WORDS.en.heading, "Ana Abbott", WORDS.en.footer, WORDS.es.heading, "José Núñez", WORDS.es.footer]);
    const tree = poppler("pdfinfo", merged, ["-struct-text"]);
    expect(tree).toMatch(/Sect "[^\n]*"\n\s+P \(block\)\n\s+"Estado"\n\s+H1 \(block\)\n\s+"Preparación para el kínder/);
    const text = poppler("pdftotext", merged, ["-layout"]).split("\f");
    expect(text[0]).toContain("Ana Abbott");
    expect(text[1]).toContain("José Núñez");
    expect(text[2]).toContain("Ben Baker");
  });
});
