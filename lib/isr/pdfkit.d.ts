// pdfkit ships no types; lib/isr/standard-fonts.ts describes the little of it that it touches.
declare module "pdfkit";
