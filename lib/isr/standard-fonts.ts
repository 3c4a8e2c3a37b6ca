import PDFDocument from "pdfkit";

/**
 * Shared standard-font metrics for every pdfkit document of this process.
 *
 * pdfkit 0.20 (the version @react-pdf/renderer 4 pins) builds a new StandardFont for each document
 * that uses Helvetica: its AFM metrics become a glyph-width table and some 2,700 kern-pair keys,
 * twice per ISR (Helvetica, Helvetica-Bold), before a single glyph is drawn. The metrics never change,
 * so each document gets a thin per-document font (its own id, document and PDF object) whose metrics
 * are the prototype's, built once. Only the 14 standard fonts are touched, only when the document has
 * not opened or registered that name itself; everything else is pdfkit's own `font()`. Covered by
 * tests/api/isr-fonts.test.ts (same bytes as without it, and one metrics object across documents).
 */

interface PdfFont {
  name: string;
  id: string;
  document: unknown;
  dictionary?: unknown;
  embedded?: boolean;
}

interface PdfDoc {
  font(src: unknown, family?: unknown, size?: unknown): PdfDoc;
  _font: PdfFont;
  _fontCount: number;
  _fontFamilies: Record<string, PdfFont>;
  _registeredFonts: Record<string, unknown>;
}

const STANDARD = new Set([
  "Courier",
  "Courier-Bold",
  "Courier-BoldOblique",
  "Courier-Oblique",
  "Helvetica",
  "Helvetica-Bold",
  "Helvetica-BoldOblique",
  "Helvetica-Oblique",
  "Symbol",
  "Times-Bold",
  "Times-BoldItalic",
  "Times-Italic",
  "Times-Roman",
  "ZapfDingbats",
]);

const templates = new Map<string, PdfFont>();
let installed = false;

export function shareStandardFontMetrics(): void {
  if (installed) return;
  installed = true;
  const proto = (PDFDocument as unknown as { prototype: PdfDoc }).prototype;
  const open = proto.font;
  // A document that is never written holds the templates (it is created before the wrapper is in place).
  const scratch = new (PDFDocument as unknown as new (options: object) => PdfDoc)({ autoFirstPage: false });
  proto.font = function font(this: PdfDoc, src: unknown, family?: unknown, size?: unknown) {
    if (
      typeof src === "string" &&
      STANDARD.has(src) &&
      (family == null || typeof family === "number") &&
      !this._registeredFonts[src] &&
      !this._fontFamilies[src]
    ) {
      let template = templates.get(src);
      if (!template) {
        open.call(scratch, src);
        template = scratch._font;
        templates.set(src, template);
      }
      const own: PdfFont = Object.create(template);
      own.document = this;
      own.id = `F${++this._fontCount}`;
      own.dictionary = null;
      own.embedded = false;
      this._fontFamilies[src] = own;
    }
    return open.call(this, src, family, size);
  };
}

/** The shared metrics object behind a document's font (for the tests). */
export const metricsOf = (doc: unknown, name: string) =>
  (doc as PdfDoc)._fontFamilies[name] && (doc as { _fontFamilies: Record<string, { font: unknown }> })._fontFamilies[name].font;
