import { deflateSync, inflateSync } from "node:zlib";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  ParseSpeeds,
  PDFRef,
  PDFString,
  decodePDFRawStream,
  type PDFPage,
} from "pdf-lib";

/**
 * Tagged PDF for the ISR (parent report), after react-pdf has rendered it.
 *
 * Why a post-processing step: react-pdf writes no structure tree (react-pdf issue #3179). The pdfkit it
 * drives can tag (`tagged`, `markStructureContent`), but react-pdf neither passes the option nor
 * marks what it draws, so reaching it would mean patching react-pdf's renderer internals. Instead each
 * page's content stream is rewritten with pdf-lib:
 *   - every text object (BT ... ET) becomes a marked-content sequence `/P <</MCID n>> BDC ... EMC`
 *     (H1/H2/H3 by the font size of its first Tf, as the caller maps its layout's sizes; TH/TD by
 *     the size's cell mark, see cellSize);
 *   - drawing outside text (borders, rules; images) becomes `/Artifact BMC ... EMC`;
 *   - the text objects of one react-pdf <Text> (its lines and runs) form one structure element. react-pdf
 *     draws a <Text> as `q cm` holding one `q cm` per line, each run as `q cm BT ... ET Q`, so the
 *     <Text> is the third q-frame around a BT. If react-pdf changes that nesting, elements split or
 *     join differently but every text object stays tagged (tests/api/isr-tagged.test.ts checks it);
 * then the /StructTreeRoot (/Document > H1, H2, H3, P and Table > TR > TH, TD in content order, /K
 * MCIDs, /Pg), its /ParentTree,
 * each page's /StructParents, /MarkInfo, /Lang, /Title and /ViewerPreferences <</DisplayDocTitle>>.
 * pdf-lib's copyPages drops the tree (pages do not point to it), so merged downloads rebuild it from
 * each part's tree (TaggedPdfMerger).
 */

export type StructTag = "H1" | "H2" | "H3" | "P" | "TH" | "TD";
interface TaggedElement {
  tag: StructTag;
  mcids: number[];
  /** A table cell that begins a row (TR). */
  rowStart?: boolean;
}

/**
 * Table cells are marked in the layout itself, by the font size's thousandths (invisible: 0.004 pt at
 * most): 1 a cell (TD), 2 a row's first cell, 3 a header cell (TH), 4 a header row's first cell.
 * Consecutive cells form one Table (per page), a row's first cell opens its TR. Base sizes must have
 * no thousandths (10, 8.5, 10.5 ...).
 */
export function cellSize(base: number, cell: "TH" | "TD", rowStart = false): number {
  return base + ((cell === "TH" ? 3 : 1) + (rowStart ? 1 : 0)) / 1000;
}

function cellOf(size: number): { tag: "TH" | "TD"; rowStart: boolean } | null {
  const code = Math.round(size * 1000) % 10;
  if (code < 1 || code > 4) return null;
  return { tag: code >= 3 ? "TH" : "TD", rowStart: code === 2 || code === 4 };
}
interface TaggedPage {
  page: PDFPage;
  elements: TaggedElement[];
}
interface Section {
  lang?: string;
  title?: string;
  pages: TaggedPage[];
}
interface DocumentInfo {
  title: string;
  lang: string;
}

const PATH_START = new Set(["m", "re", "l", "c", "v", "y", "h", "BI", "Do", "sh"]);
const PAINT = new Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Do", "sh", "EI"]);
// Byte classes of the content stream syntax: 0 regular, 1 white space, 2 delimiter.
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = 2;
const WHITE = (c: number) => CLASS[c] === 1;
const regular = (c: number) => CLASS[c] === 0;
/** A number's first byte: a digit, sign or point. */
const numeric = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/** Index of the byte after a literal string starting at `i` (its "("). */
function skipLiteral(s: Uint8Array, i: number) {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  return i;
}

/** Index of the byte after an inline image's data (after `ID`): its "EI" between white space. */
function skipInlineImage(s: Uint8Array, i: number) {
  for (i += 1; i + 1 < s.length; i++) {
    if (s[i] === 0x45 && s[i + 1] === 0x49 && WHITE(s[i - 1]) && (i + 2 === s.length || WHITE(s[i + 2]))) return i;
  }
  return s.length;
}

/** One page's content, marked: the new bytes and its structure elements in content order. */
function markContent(content: Uint8Array, tagOf: (fontSize: number) => StructTag): { bytes: Uint8Array; elements: TaggedElement[] } {
  const inserts: { at: number; text: string }[] = [];
  const elements: TaggedElement[] = [];
  const frames: number[] = [];
  let frameCount = 0;
  let operandStart = -1;
  let numberStart = 0; // the last number operand's bytes: Tf's size
  let numberEnd = 0;
  let text: { start: number; group: number; size: number | null } | null = null;
  let previousGroup = -1;
  let mcid = 0;
  let artifact: { start: number; end: number } | null = null;
  const closeArtifact = () => {
    if (artifact && artifact.end > 0) inserts.push({ at: artifact.start, text: "/Artifact BMC\n" }, { at: artifact.end, text: "\nEMC\n" });
    artifact = null;
  };

  let i = 0;
  const s = content;
  while (i < s.length) {
    const c = s[i];
    if (WHITE(c)) {
      i++;
      continue;
    }
    const start = i;
    if (operandStart < 0) operandStart = start;
    if (c === 0x25) {
      while (i < s.length && s[i] !== 10 && s[i] !== 13) i++;
      if (operandStart === start) operandStart = -1;
      continue;
    }
    if (c === 0x28) i = skipLiteral(s, i);
    else if (c === 0x3c) i = s[i + 1] === 0x3c ? i + 2 : s.indexOf(0x3e, i) + 1 || s.length;
    else if (c === 0x3e) i += s[i + 1] === 0x3e ? 2 : 1;
    else if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) i++;
    else if (c === 0x2f) for (i++; i < s.length && regular(s[i]); i++);
    else {
      for (; i < s.length && regular(s[i]); i++);
      if (numeric(c)) {
        numberStart = start;
        numberEnd = i;
        continue;
      }
      let token = "";
      for (let k = start; k < i; k++) token += String.fromCharCode(s[k]);
      if (token === "true" || token === "false" || token === "null") continue;
      // An operator: `operandStart` is where its operands begin, `i` where it ends.
      if (token === "q") frames.push(++frameCount);
      else if (token === "Q") frames.pop();
      else if (token === "BT") {
        closeArtifact();
        // The <Text> this run belongs to (see above); text outside that nesting stands alone.
        text = { start, group: frames.length >= 3 ? frames[frames.length - 3] : -1 - mcid, size: null };
      } else if (token === "Tf" && text && text.size === null)
        text.size = Number(Buffer.from(s.buffer, s.byteOffset + numberStart, numberEnd - numberStart).toString("latin1"));
      else if (token === "ET" && text) {
        const same = text.group === previousGroup && elements.length > 0;
        if (same) elements[elements.length - 1].mcids.push(mcid);
        const cell = same ? null : cellOf(text.size ?? 0);
        const tag = same ? elements[elements.length - 1].tag : (cell?.tag ?? tagOf(text.size ?? 0));
        if (!same) elements.push(cell?.rowStart ? { tag, mcids: [mcid], rowStart: true } : { tag, mcids: [mcid] });
        inserts.push({ at: text.start, text: `/${tag} <</MCID ${mcid}>> BDC\n` }, { at: i, text: "\nEMC\n" });
        previousGroup = text.group;
        mcid++;
        text = null;
      } else if (!text) {
        if (PATH_START.has(token) && !artifact) artifact = { start: operandStart, end: 0 };
        if (PAINT.has(token) && artifact) artifact.end = i;
      }
      if (token === "ID") i = skipInlineImage(s, i);
      operandStart = -1;
    }
  }
  closeArtifact();

  const parts: Buffer[] = [];
  let from = 0;
  for (const insert of inserts) {
    parts.push(Buffer.from(s.buffer, s.byteOffset + from, insert.at - from), Buffer.from(insert.text, "latin1"));
    from = insert.at;
  }
  parts.push(Buffer.from(s.buffer, s.byteOffset + from, s.length - from));
  return { bytes: Buffer.concat(parts), elements };
}

/** Mark every page's content of a document (in place) and answer its elements by page. */
function tagPages(doc: PDFDocument, tagOf: (fontSize: number) => StructTag): TaggedPage[] {
  const context = doc.context;
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const decoded = refs.map((ref) => {
      const stream = context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected page content");
      // Node's zlib for the usual Flate stream: pdf-lib's own (pako) is several times slower.
      const flate = stream.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode") && !stream.dict.has(PDFName.of("DecodeParms"));
      return flate ? inflateSync(stream.contents) : Buffer.from(decodePDFRawStream(stream).decode());
    });
    const { bytes, elements } = markContent(Buffer.concat(decoded.flatMap((b, n) => (n ? [Buffer.from("\n"), b] : [b]))), tagOf);
    page.node.set(PDFName.of("Contents"), context.register(context.stream(deflateSync(bytes), { Filter: "FlateDecode" })));
    for (const ref of refs) if (ref instanceof PDFRef) context.delete(ref);
    return { page, elements };
  });
}

const TAGS = new Set<string>(["H1", "H2", "H3", "P", "TH", "TD"]);

/** The pages and elements of a document this module tagged (null for any other document). */
function readTags(doc: PDFDocument): TaggedPage[] | null {
  const root = doc.catalog.lookupMaybe(PDFName.of("StructTreeRoot"), PDFDict);
  const top = root?.lookupMaybe(PDFName.of("K"), PDFDict);
  const kids = top?.lookupMaybe(PDFName.of("K"), PDFArray);
  if (!kids) return null;
  const pages = doc.getPages().map((page) => ({ page, elements: [] as TaggedElement[] }));
  const byRef = new Map(pages.map((p) => [p.page.ref.toString(), p]));
  const tagOf = (element: PDFDict) => element.lookup(PDFName.of("S"), PDFName).decodeText();
  // Tables are flattened back to their cells, each row's first marked as such.
  const leaves = (list: PDFArray): { element: PDFDict; rowStart: boolean }[] =>
    list.asArray().flatMap((_, n) => {
      const element = list.lookup(n, PDFDict);
      const tag = tagOf(element);
      if (tag === "Table") return leaves(element.lookup(PDFName.of("K"), PDFArray));
      if (tag !== "TR") return [{ element, rowStart: false }];
      return leaves(element.lookup(PDFName.of("K"), PDFArray)).map((cell, i) => ({ ...cell, rowStart: i === 0 }));
    });
  for (const { element, rowStart } of leaves(kids)) {
    const tag = tagOf(element);
    const page = byRef.get(String(element.get(PDFName.of("Pg"))));
    const k = element.lookup(PDFName.of("K"));
    const mcids = k instanceof PDFArray ? k.asArray().map((m) => (m as PDFNumber).asNumber()) : [(k as PDFNumber).asNumber()];
    if (!page || !TAGS.has(tag)) return null;
    page.elements.push(rowStart ? { tag: tag as StructTag, mcids, rowStart } : { tag: tag as StructTag, mcids });
  }
  return pages;
}

const text = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? PDFString.of(value) : PDFHexString.fromText(value));

/**
 * The structure tree over the sections' pages: /Document > elements, or /Document > /Sect per
 * section (a merged download: each child's report with its own /Lang and /T) > elements.
 */
function writeStructure(doc: PDFDocument, sections: Section[], asSections: boolean, info: DocumentInfo) {
  const context = doc.context;
  const rootRef = context.nextRef();
  const documentRef = context.nextRef();
  const nums: (number | PDFArray)[] = [];
  const documentKids: PDFRef[] = [];
  let key = 0;
  for (const section of sections) {
    const sectionRef = asSections ? context.nextRef() : documentRef;
    const kids = asSections ? [] : documentKids;
    for (const { page, elements } of section.pages) {
      const byMcid: PDFRef[] = [];
      // The open table and row of this page: consecutive cells share a Table, a row's first cell opens a TR.
      let table: { ref: PDFRef; rows: PDFRef[] } | null = null;
      let row: { ref: PDFRef; cells: PDFRef[] } | null = null;
      const closeRow = () => {
        if (table && row) context.assign(row.ref, context.obj({ Type: "StructElem", S: "TR", P: table.ref, K: row.cells }));
        row = null;
      };
      const closeTable = () => {
        closeRow();
        if (table) context.assign(table.ref, context.obj({ Type: "StructElem", S: "Table", P: sectionRef, K: table.rows }));
        table = null;
      };
      for (const element of elements) {
        const ref = context.nextRef();
        const k = element.mcids.length === 1 ? element.mcids[0] : element.mcids;
        let parent = sectionRef;
        if (element.tag === "TH" || element.tag === "TD") {
          if (!table) kids.push((table = { ref: context.nextRef(), rows: [] }).ref);
          if (element.rowStart || !row) {
            closeRow();
            table.rows.push((row = { ref: context.nextRef(), cells: [] }).ref);
          }
          row!.cells.push(ref);
          parent = row!.ref;
        } else {
          closeTable();
          kids.push(ref);
        }
        const elem = context.obj({ Type: "StructElem", S: element.tag, P: parent, Pg: page.ref, K: k });
        // A header cell heads its column (PDF/UA wants the scope said).
        if (element.tag === "TH") elem.set(PDFName.of("A"), context.obj({ O: "Table", Scope: "Column" }));
        context.assign(ref, elem);
        for (const mcid of element.mcids) byMcid[mcid] = ref;
      }
      closeTable();
      page.node.set(PDFName.of("StructParents"), PDFNumber.of(key));
      nums.push(key++, context.obj(byMcid));
    }
    if (asSections) {
      const sect = context.obj({ Type: "StructElem", S: "Sect", P: documentRef, K: kids });
      if (section.lang) sect.set(PDFName.of("Lang"), text(section.lang));
      if (section.title) sect.set(PDFName.of("T"), text(section.title));
      context.assign(sectionRef, sect);
      documentKids.push(sectionRef);
    }
  }
  context.assign(documentRef, context.obj({ Type: "StructElem", S: "Document", P: rootRef, K: documentKids }));
  const parentTree = context.register(context.obj({ Nums: nums }));
  context.assign(rootRef, context.obj({ Type: "StructTreeRoot", K: documentRef, ParentTree: parentTree, ParentTreeNextKey: key }));
  doc.catalog.set(PDFName.of("StructTreeRoot"), rootRef);
  doc.catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: true }));
  doc.setLanguage(info.lang);
  doc.setTitle(info.title, { showInWindowTitleBar: true });
}

/** One rendered ISR, tagged (the bytes react-pdf wrote, with marked content and the structure tree). */
export async function tagPdf(pdf: Uint8Array, tagOf: (fontSize: number) => StructTag, info: DocumentInfo): Promise<Uint8Array> {
  // pdf-lib yields to the event loop (a timer) every 100 objects parsed and 50 written by default:
  // on a one-page ISR that is most of the step's time, so it runs through (about a millisecond).
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  writeStructure(doc, [{ pages: tagPages(doc, tagOf) }], false, info);
  return doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

/**
 * Merges tagged ISRs into one tagged PDF: pages are copied with pdf-lib and the tree is rebuilt from
 * each part's own (a part stored before tagging is tagged on the way, with `tagOf`).
 */
export class TaggedPdfMerger {
  private readonly sections: Section[] = [];
  private constructor(
    readonly doc: PDFDocument,
    private readonly tagOf: (fontSize: number) => StructTag,
  ) {}

  static async create(tagOf: (fontSize: number) => StructTag) {
    return new TaggedPdfMerger(await PDFDocument.create(), tagOf);
  }

  async add(bytes: Uint8Array) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    const tagged = readTags(part) ?? tagPages(part, this.tagOf);
    const copied = await this.doc.copyPages(part, part.getPageIndices());
    for (const page of copied) this.doc.addPage(page);
    const lang = part.catalog.lookupMaybe(PDFName.of("Lang"), PDFString, PDFHexString)?.decodeText();
    const pages = tagged.map((p, n) => ({ page: copied[n], elements: p.elements }));
    this.sections.push({ lang, title: part.getTitle(), pages });
  }

  /** The merged document's bytes, with its structure tree, title and language. */
  save(info: DocumentInfo) {
    writeStructure(this.doc, this.sections, true, info);
    // Yields every 2,000 objects (some 40 pages), not every 50: a timer each time costs more than the writing.
    return this.doc.save({ useObjectStreams: false, objectsPerTick: 2000 });
  }
}
