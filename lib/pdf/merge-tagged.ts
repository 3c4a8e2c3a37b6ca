import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFRef,
  PDFString,
  ParseSpeeds,
  type PDFObject,
  type PDFPage,
} from "pdf-lib";

/**
 * Merges tagged PDFs (the ISRs of a download) into one tagged PDF with pdf-lib's public object API.
 * Its copyPages drops the structure tree (pages do not point to it), so each part's tree is copied
 * over: /Document > a /Sect per part (the part's /Lang and title, so a mixed English and Spanish
 * download reads each report in its language) > the part's own elements, each pointing at the
 * copied pages (/Pg, marked-content references), and the parent tree rebuilt from them. The pages'
 * content is copied as it is: its marked content and MCIDs stay valid. A part without a tree
 * (none is written today) comes through with its pages and no elements.
 */

interface DocumentInfo {
  title: string;
  lang: string;
}

/** Attributes of a structure element copied as they are (all direct: no page or element inside). */
const KEPT = ["Lang", "T", "Alt", "ActualText", "E", "A"].map((key) => PDFName.of(key));

const text = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? PDFString.of(value) : PDFHexString.fromText(value));

export class TaggedPdfMerger {
  private readonly sections: PDFRef[] = [];
  /** Per copied page: its key in the parent tree and the element of each MCID. */
  private readonly pages: { page: PDFPage; byMcid: PDFRef[] }[] = [];
  private readonly documentRef: PDFRef;

  private constructor(readonly doc: PDFDocument) {
    this.documentRef = doc.context.nextRef();
  }

  static async create() {
    return new TaggedPdfMerger(await PDFDocument.create());
  }

  async add(bytes: Uint8Array) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    const copied = await this.doc.copyPages(part, part.getPageIndices());
    const pageOf = new Map<string, (typeof this.pages)[number]>();
    part.getPages().forEach((source, n) => {
      const entry = { page: this.doc.addPage(copied[n]), byMcid: [] as PDFRef[] };
      this.pages.push(entry);
      pageOf.set(source.ref.toString(), entry);
    });
    const root = part.catalog.lookupMaybe(PDFName.of("StructTreeRoot"), PDFDict);
    if (!root) return;
    const context = this.doc.context;
    const copier = PDFObjectCopier.for(part.context, context);
    const sectionRef = context.nextRef();

    // One element of the part, copied under `parent` with its kids; answers its new reference.
    const copy = (element: PDFDict, parent: PDFRef): PDFRef => {
      const ref = context.nextRef();
      const own = pageOf.get(String(element.get(PDFName.of("Pg"))));
      const dict = context.obj({ Type: "StructElem", S: element.get(PDFName.of("S")) ?? PDFName.of("Span"), P: parent });
      for (const key of KEPT) {
        const value = element.lookup(key);
        if (value) dict.set(key, copier.copy(value));
      }
      if (own) dict.set(PDFName.of("Pg"), own.page.ref);
      const k = element.lookup(PDFName.of("K"));
      const kids = (k instanceof PDFArray ? k.asArray() : k ? [k] : []).flatMap((kid): PDFObject[] => {
        if (kid instanceof PDFNumber) {
          if (own) own.byMcid[kid.asNumber()] = ref;
          return own ? [kid] : [];
        }
        const child = kid instanceof PDFRef ? part.context.lookup(kid) : kid;
        if (!(child instanceof PDFDict)) return [];
        const mcid = child.lookup(PDFName.of("MCID"));
        if (mcid instanceof PDFNumber) {
          // A marked-content reference to another page than the element's own.
          const page = pageOf.get(String(child.get(PDFName.of("Pg")) ?? element.get(PDFName.of("Pg"))));
          if (!page) return [];
          page.byMcid[mcid.asNumber()] = ref;
          return [context.obj({ Type: "MCR", Pg: page.page.ref, MCID: mcid })];
        }
        return child.has(PDFName.of("S")) ? [copy(child, ref)] : [];
      });
      dict.set(PDFName.of("K"), context.obj(kids));
      context.assign(ref, dict);
      return ref;
    };

    // The part's top elements: those under its /Document (pdfkit writes one), else the root's own.
    const tops = (value: PDFObject | undefined): PDFDict[] => {
      const list = value instanceof PDFArray ? value.asArray().map((_, n) => value.lookup(n)) : value ? [value] : [];
      return list.filter((e): e is PDFDict => e instanceof PDFDict);
    };
    let elements = tops(root.lookup(PDFName.of("K")));
    if (elements.length === 1 && elements[0].lookup(PDFName.of("S")) === PDFName.of("Document")) elements = tops(elements[0].lookup(PDFName.of("K")));
    const sect = context.obj({ Type: "StructElem", S: "Sect", P: this.documentRef, K: elements.map((e) => copy(e, sectionRef)) });
    const lang = part.catalog.lookupMaybe(PDFName.of("Lang"), PDFString, PDFHexString)?.decodeText();
    const title = part.getTitle();
    if (lang) sect.set(PDFName.of("Lang"), text(lang));
    if (title) sect.set(PDFName.of("T"), text(title));
    context.assign(sectionRef, sect);
    this.sections.push(sectionRef);
  }

  /** The merged document's bytes, with its structure tree, title and language. */
  save(info: DocumentInfo) {
    const context = this.doc.context;
    const rootRef = context.nextRef();
    const nums: (number | PDFArray)[] = [];
    this.pages.forEach(({ page, byMcid }, key) => {
      page.node.set(PDFName.of("StructParents"), PDFNumber.of(key));
      nums.push(key, context.obj(Array.from(byMcid, (ref) => ref ?? null)));
    });
    context.assign(this.documentRef, context.obj({ Type: "StructElem", S: "Document", P: rootRef, K: this.sections }));
    const parentTree = context.register(context.obj({ Nums: nums }));
    context.assign(rootRef, context.obj({ Type: "StructTreeRoot", K: this.documentRef, ParentTree: parentTree, ParentTreeNextKey: this.pages.length }));
    this.doc.catalog.set(PDFName.of("StructTreeRoot"), rootRef);
    this.doc.catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: true }));
    this.doc.setLanguage(info.lang);
    this.doc.setTitle(info.title, { showInWindowTitleBar: true });
    // Yields every 2,000 objects (some 40 pages), not every 50: a timer each time costs more than the writing.
    return this.doc.save({ useObjectStreams: false, objectsPerTick: 2000 });
  }
}
