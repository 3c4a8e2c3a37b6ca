import type { StructTag } from "./tag-pdf";

/**
 * The structure tag each text object of the ISR gets by its font size in the tagged PDF (tag-pdf.ts):
 * the page heading (pdfStyles.heading in lib/pdf/parts.ts) H1, section headings (pdfStyles.section)
 * H2, all else P; the 15 pt score and level are values, not headings. The sizes are repeated here so
 * the merged download can tag old parts without loading react-pdf; tests/api/isr-tagged.test.ts
 * fails if they drift.
 */
const HEADING_SIZE = 17;
const SECTION_SIZE = 12;

export const isrTagOf = (fontSize: number): StructTag => (fontSize === HEADING_SIZE ? "H1" : fontSize === SECTION_SIZE ? "H2" : "P");
