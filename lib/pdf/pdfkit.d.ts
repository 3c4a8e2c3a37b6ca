// pdfkit ships no types: the public API this platform calls (https://pdfkit.org/docs), no more.
declare module "pdfkit" {
  export interface StructureElement {
    add(child: StructureElement | (() => void)): StructureElement;
    end(): void;
  }
  interface TextOptions {
    width?: number;
    lineGap?: number;
    align?: "left" | "center" | "right";
    continued?: boolean;
    lineBreak?: boolean;
  }
  interface DocumentOptions {
    size?: string | [number, number];
    layout?: "portrait" | "landscape";
    margin?: number;
    autoFirstPage?: boolean;
    bufferPages?: boolean;
    pdfVersion?: "1.7";
    tagged?: boolean;
    lang?: string;
    displayTitle?: boolean;
    font?: string;
    info?: Record<string, string | Date>;
  }
  class PDFDocument {
    constructor(options?: DocumentOptions);
    readonly page: { width: number; height: number };
    y: number;
    addPage(options?: Pick<DocumentOptions, "size" | "layout" | "margin">): this;
    switchToPage(index: number): this;
    bufferedPageRange(): { start: number; count: number };
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    widthOfString(text: string): number;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, width: number, height: number): this;
    stroke(): this;
    fill(color?: string): this;
    fillAndStroke(fill: string, stroke: string): this;
    save(): this;
    restore(): this;
    openImage(src: Buffer): { width: number; height: number };
    image(src: Buffer, x: number, y: number, options?: { width?: number; height?: number }): this;
    struct(type: string, options?: { scope?: "Column" | "Row"; lang?: string; title?: string }, children?: () => void): StructureElement;
    struct(type: string, children?: () => void): StructureElement;
    addStructure(element: StructureElement): this;
    markContent(tag: "Artifact", options?: { type: "Pagination" | "Layout" | "Page" }): this;
    endMarkedContent(): this;
    on(event: "data", listener: (chunk: Buffer) => void): this;
    on(event: "end", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    end(): void;
  }
  export default PDFDocument;
}
