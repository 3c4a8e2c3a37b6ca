import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { renderToBuffer } from "@react-pdf/renderer";
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isrDocument, renderIsr, type IsrData } from "@/lib/isr/document";
import { isrTagOf } from "@/lib/isr/headings";
import { TaggedPdfMerger } from "@/lib/isr/tag-pdf";
import { WORDS } from "@/lib/isr/texts";

/**
 * The ISR is a tagged PDF (lib/isr/tag-pdf.ts): a real react-pdf render, then the structure tree read
 * back with pdf-lib (elements in order, their marked content's text) and checked with poppler.
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

/** The text shown between `BDC` with this MCID and its `EMC` (hex strings, WinAnsi as latin1). */
function markedText(content: string, mcid: number) {
  const start = content.indexOf(`<</MCID ${mcid}>> BDC`);
  const body = content.slice(start, content.indexOf("EMC", start));
  return [...body.matchAll(/<([0-9a-f]+)>/gi)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("");
}

/** A page's (one, Flate) content stream, decoded. */
const contentOfPage = (doc: PDFDocument, page: PDFDict) =>
  inflateSync((doc.context.lookup(page.get(PDFName.of("Contents"))) as PDFRawStream).contents).toString("latin1");

/** The structure tree's elements in order: tag, text of their marked content, and checks of its links. */
function structure(doc: PDFDocument) {
  const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
  const top = root.lookup(PDFName.of("K"), PDFDict);
  expect(top.lookup(PDFName.of("S"), PDFName).decodeText()).toBe("Document");
  const parentTree = root.lookup(PDFName.of("ParentTree"), PDFDict).lookup(PDFName.of("Nums"), PDFArray);
  const contentOf = new Map<string, string>();
  const pageContent = (ref: PDFRef) => {
    if (!contentOf.has(ref.toString())) {
      contentOf.set(ref.toString(), contentOfPage(doc, doc.context.lookup(ref, PDFDict)));
    }
    return contentOf.get(ref.toString())!;
  };
  const walk = (element: PDFDict): { tag: string; text: string; lang?: string }[] => {
    const tag = element.lookup(PDFName.of("S"), PDFName).decodeText();
    const k = element.lookup(PDFName.of("K"));
    if (k instanceof PDFArray && k.get(0) instanceof PDFRef) {
      const lang = element.lookupMaybe(PDFName.of("Lang"), PDFString)?.decodeText();
      return [{ tag, text: "", lang }, ...k.asArray().flatMap((_, n) => walk(k.lookup(n, PDFDict)))];
    }
    const page = element.get(PDFName.of("Pg")) as PDFRef;
    const mcids = k instanceof PDFArray ? k.asArray().map((m) => (m as PDFNumber).asNumber()) : [(k as PDFNumber).asNumber()];
    // The parent tree leads from the page's StructParents and each MCID back to this element.
    const key = doc.context.lookup(page, PDFDict).lookup(PDFName.of("StructParents"), PDFNumber).asNumber();
    const byMcid = parentTree.lookup(parentTree.asArray().findIndex((v, n) => n % 2 === 0 && (v as PDFNumber).asNumber() === key) + 1, PDFArray);
    for (const mcid of mcids) expect(byMcid.lookup(mcid, PDFDict)).toBe(element);
    // A paragraph's lines and runs are its MCIDs; a wrapped line keeps its trailing space.
    return [{ tag, text: words(mcids.map((m) => markedText(pageContent(page), m)).join("")) }];
  };
  return walk(top).slice(1);
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

describe("ISR tagged PDF", () => {
  for (const language of ["en", "es"] as const) {
    it(`tags the ${language} ISR: headings and text in reading order, drawing as artifacts, language and title`, async () => {
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

      const elements = structure(doc);
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
      expect(elements.find((e) => e.text.includes(data.childName))?.tag).toBe("P");
      // The results table is a Table: a header row of TH, then a row of TD per domain.
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

      // Every text object is marked content of an element; every drawing an artifact.
      const content = contentOfPage(doc, doc.getPage(0).node);
      let depth = 0;
      for (const token of content.split(/\s+/)) {
        if (token === "BDC" || token === "BMC") depth++;
        else if (token === "EMC") depth--;
        else if (["BT", "S", "f", "B", "b", "Do"].includes(token)) expect(depth, token).toBe(1);
      }
      expect(content.match(/\bBT\b/g)!.length).toBe(content.match(/\/MCID \d+>> BDC/g)!.length);
      expect(content).toMatch(/\/Artifact BMC/);

      // The words are those of the untagged render; poppler reads the same tree.
      const untagged = await renderToBuffer(isrDocument(data) as Parameters<typeof renderToBuffer>[0]);
      expect(poppler("pdftotext", pdf, ["-layout"])).toBe(poppler("pdftotext", untagged, ["-layout"]));
      const tree = poppler("pdfinfo", pdf, ["-struct-text"]);
      expect(tree).toMatch(new RegExp(`H1 \\(block\\)\\n\\s+"${w.heading}"`));
      expect(tree).toContain(`"${data.childName}"`);
      expect(tree).toMatch(/Table \(block\)\n\s+TR\n\s+TH:\n\s+\/Scope \/Column/);
    });
  }

  it("keeps the tree through a merge: a section per child with its language, an untagged part tagged on the way", async () => {
    const en = await renderIsr(child("en", "Ana Abbott"));
    const es = await renderIsr(child("es", "José Núñez"));
    const old = await renderToBuffer(isrDocument(child("es", "Ben Baker")) as Parameters<typeof renderToBuffer>[0]);
    const merger = await TaggedPdfMerger.create(isrTagOf);
    for (const part of [en, es, old]) await merger.add(part);
    const merged = await merger.save({ title: "Individual Student Report: KRA Fall", lang: "en-US" });

    expect(poppler("pdfinfo", merged)).toMatch(/Tagged:\s+yes[\s\S]*Pages:\s+3\n/);
    const doc = await PDFDocument.load(merged);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("en-US");
    expect(doc.getPages().map((p) => p.node.lookup(PDFName.of("StructParents"), PDFNumber).asNumber())).toEqual([0, 1, 2]);
    const elements = structure(doc);
    expect(elements.filter((e) => e.tag === "Sect").map((e) => e.lang)).toEqual(["en-US", "es-US", "es-US"]);
    // Each part's results table comes through the merge as a table (5 rows of 3 cells).
    expect(elements.filter((e) => e.tag === "Table")).toHaveLength(3);
    expect(elements.filter((e) => e.tag === "TR")).toHaveLength(15);
    expect(elements.filter((e) => e.tag === "TD")).toHaveLength(36);
    inOrder(elements, [WORDS.en.heading, "Ana Abbott", WORDS.es.heading, "José Núñez", WORDS.es.heading, "Ben Baker", WORDS.es.footer]);
    const text = poppler("pdftotext", merged, ["-layout"]).split("\f");
    expect(text[0]).toContain("Ana Abbott");
    expect(text[1]).toContain("José Núñez");
    expect(text[2]).toContain("Ben Baker");
  });
});
