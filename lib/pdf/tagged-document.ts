import PDFDocument, { type StructureElement } from "pdfkit";

/**
 * A tagged PDF drawn with pdfkit's public API (https://pdfkit.org/docs/accessibility.html): the
 * document is created `tagged`, with its title (shown in the window title) and /Lang, and every
 * piece of text is drawn inside the structure element it belongs to (`doc.struct(tag, () => draw)`,
 * which marks the content and links it to the element); borders, rules, swatches, images and
 * repeated headers are drawn as artifacts. The layout is ours: a cursor down the page, page breaks
 * where the next block would not fit, footers written once every page exists.
 * The ISR, class PDFs, score sheets and rating sheets are drawn with it; see docs/architecture.md (PDFs).
 */

export type TextTag = "H1" | "H2" | "H3" | "P" | "TH" | "TD";

/** A run of text: the pieces of one element, some bold ("Child: " before the name). */
export interface Run {
  text: string;
  bold?: boolean;
  color?: string;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  /** Line height as a multiple of the size (CSS-like). */
  lineHeight?: number;
  align?: "left" | "center" | "right";
}

export interface DocumentInfo {
  title: string;
  lang: string;
  subject?: string;
  author?: string;
  creator?: string;
}

export interface PageSetup {
  layout?: "portrait" | "landscape";
  margin: { top: number; bottom: number; left: number; right: number };
}

const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
export const TEXT = "#1e293b";
// Helvetica's own line height in pdfkit (ascender, descender and gap of its metrics), per point of size.
const HELVETICA_LINE = 1.243;

export class TaggedDocument {
  readonly doc: PDFDocument;
  readonly root: StructureElement;
  /** The cursor: where the next block starts. */
  y = 0;
  private readonly pageStarts: ((pdf: TaggedDocument) => void)[] = [];

  constructor(
    info: DocumentInfo,
    readonly setup: PageSetup,
  ) {
    this.doc = new PDFDocument({
      size: "LETTER",
      layout: setup.layout ?? "portrait",
      // Our own margins: pdfkit's would break pages inside text on its own.
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      pdfVersion: "1.7",
      tagged: true,
      lang: info.lang,
      displayTitle: true,
      font: REGULAR,
      info: {
        Title: info.title,
        ...(info.subject ? { Subject: info.subject } : {}),
        ...(info.author ? { Author: info.author } : {}),
        Creator: info.creator ?? info.author ?? "KRA",
        Producer: "KRA",
      },
    });
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
    this.newPage();
  }

  get left() {
    return this.setup.margin.left;
  }
  get width() {
    return this.doc.page.width - this.setup.margin.left - this.setup.margin.right;
  }
  get bottom() {
    return this.doc.page.height - this.setup.margin.bottom;
  }
  get pageHeight() {
    return this.doc.page.height;
  }

  newPage() {
    this.doc.addPage({ size: "LETTER", layout: this.setup.layout ?? "portrait", margin: 0 });
    this.y = this.setup.margin.top;
    for (const start of this.pageStarts) start(this);
  }

  /** Starts a new page unless `height` fits below the cursor. */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > this.setup.margin.top) this.newPage();
  }

  /** Runs `draw` at the top of every page started while `body` runs (a table's repeated header). */
  withPageStart<T>(start: (pdf: TaggedDocument) => void, body: () => T): T {
    this.pageStarts.push(start);
    try {
      return body();
    } finally {
      this.pageStarts.splice(this.pageStarts.indexOf(start), 1);
    }
  }

  private apply(style: TextStyle, bold: boolean, color?: string) {
    this.doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(style.size)
      .fillColor(color ?? style.color ?? TEXT);
  }

  private options(style: TextStyle, width: number) {
    return { width, align: style.align ?? "left", lineGap: style.size * ((style.lineHeight ?? HELVETICA_LINE) - HELVETICA_LINE) };
  }

  /** The height `runs` take at this width (bold if any run is: never less than drawn). */
  heightOf(runs: Run[] | string, style: TextStyle, width: number) {
    const list = typeof runs === "string" ? [{ text: runs }] : runs;
    this.apply(style, style.bold === true || list.some((r) => r.bold));
    const options = this.options(style, width);
    return this.doc.heightOfString(list.map((r) => r.text).join(""), options) - options.lineGap;
  }

  /** Width of one line of text in this style. */
  widthOf(text: string, style: TextStyle) {
    this.apply(style, style.bold === true);
    return this.doc.widthOfString(text);
  }

  /**
   * Draws `runs` as one structure element `tag` under `parent` (the document unless told), at x, y
   * and width; answers the height drawn. Nothing moves the cursor: `block` does.
   */
  text(
    tag: TextTag,
    runs: Run[] | string,
    style: TextStyle,
    at: { x: number; y: number; width: number },
    parent: StructureElement = this.root,
    options: { scope?: "Column" } = {},
  ) {
    let height = 0;
    parent.add(this.doc.struct(tag, options, () => (height = this.draw(runs, style, at))));
    return height;
  }

  /** Draws `runs` as one more piece of marked content of `element` (a cell's second line). */
  into(element: StructureElement, runs: Run[] | string, style: TextStyle, at: { x: number; y: number; width: number }) {
    let height = 0;
    element.add(() => (height = this.draw(runs, style, at)));
    return height;
  }

  /** Draws text that is no content of the document (a repeated header, a page number, a chart's repeated count). */
  artifactText(runs: Run[] | string, style: TextStyle, at: { x: number; y: number; width: number }, type: "Layout" | "Pagination" = "Pagination") {
    let height = 0;
    this.artifact(() => (height = this.draw(runs, style, at)), type);
    return height;
  }

  private draw(runs: Run[] | string, style: TextStyle, at: { x: number; y: number; width: number }) {
    const list = typeof runs === "string" ? [{ text: runs }] : runs;
    const options = this.options(style, at.width);
    list.forEach((run, i) => {
      this.apply(style, style.bold === true || run.bold === true, run.color);
      const more = { ...options, continued: i < list.length - 1 };
      if (i === 0) this.doc.text(run.text, at.x, at.y, more);
      else this.doc.text(run.text, more);
    });
    // pdfkit leaves its own cursor under the last line; the line gap after it is not part of the block.
    return this.doc.y - at.y - options.lineGap;
  }

  /**
   * A block in the flow: a new page first unless it fits (with `keep` more points after it, so a
   * heading is not left alone at the foot of a page), then drawn at the cursor, which moves under it
   * by its height and `marginBottom`.
   */
  block(tag: TextTag, runs: Run[] | string, style: TextStyle, space: { marginTop?: number; marginBottom?: number; keep?: number } = {}) {
    const height = this.heightOf(runs, style, this.width);
    this.ensure((space.marginTop ?? 0) + height + (space.keep ?? 0));
    if (this.y > this.setup.margin.top) this.y += space.marginTop ?? 0;
    this.y += this.text(tag, runs, style, { x: this.left, y: this.y, width: this.width }) + (space.marginBottom ?? 0);
  }

  /** Drawing that is no content (borders, rules, swatches, a decorative logo). */
  artifact(draw: (doc: PDFDocument) => void, type: "Layout" | "Pagination" = "Layout") {
    this.doc.markContent("Artifact", { type });
    this.doc.save();
    draw(this.doc);
    this.doc.restore();
    this.doc.endMarkedContent();
  }

  /** A horizontal rule as an artifact. */
  rule(x: number, y: number, width: number, color: string, lineWidth = 1) {
    this.artifact((doc) =>
      doc
        .lineWidth(lineWidth)
        .strokeColor(color)
        .moveTo(x, y)
        .lineTo(x + width, y)
        .stroke(),
    );
  }

  /** A frame as an artifact. */
  frame(x: number, y: number, width: number, height: number, color: string, lineWidth = 1) {
    const half = lineWidth / 2;
    this.artifact((doc) =>
      doc
        .lineWidth(lineWidth)
        .strokeColor(color)
        .rect(x + half, y + half, width - lineWidth, height - lineWidth)
        .stroke(),
    );
  }

  /** Writes on every page once all exist (page numbers): `draw(page, pages)` on each, as artifacts. */
  everyPage(draw: (page: number, pages: number) => void) {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      draw(i + 1, count);
    }
  }

  /** The finished file. */
  end(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on("data", (chunk) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
      this.root.end();
      this.doc.end();
    });
  }
}
