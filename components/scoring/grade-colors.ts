/*
 * One colour per grade code (spec §9: Filter, R, N, NE, A, B, C, D, 1 to 5) and per item domain (blue,
 * orange, purple, red). Fixed class names: the CSP forbids inline styles, and Tailwind only ships
 * classes it can read in the source.
 */

const GRADE: Record<string, string> = {
  R: "bg-slate-700 text-white",
  N: "bg-slate-200 text-slate-900",
  NE: "bg-stone-300 text-stone-900",
  A: "bg-red-100 text-red-900",
  B: "bg-orange-100 text-orange-900",
  C: "bg-purple-100 text-purple-900",
  D: "bg-blue-100 text-blue-900",
  "0": "bg-rose-100 text-rose-900",
  "1": "bg-red-100 text-red-900",
  "2": "bg-orange-100 text-orange-900",
  "3": "bg-purple-100 text-purple-900",
  "4": "bg-blue-100 text-blue-900",
  "5": "bg-green-100 text-green-900",
};

/** The grade tabs of the spec, in order (Filter is the tab that opens the selectors). */
export const GRADE_TABS = ["R", "N", "NE", "A", "B", "C", "D", "1", "2", "3", "4", "5"];

export function gradeClass(code: string | undefined): string {
  return (code && GRADE[code.toUpperCase()]) || "bg-teal-100 text-teal-900";
}

const ITEM_BORDER = ["border-t-blue-600", "border-t-orange-500", "border-t-purple-600", "border-t-red-600"];
const ITEM_DOT = ["bg-blue-600", "bg-orange-500", "bg-purple-600", "bg-red-600"];

/** The colour of an item by its domain's position (blue, orange, purple, red, then again). */
export function itemBorderClass(domainIndex: number): string {
  return domainIndex < 0 ? "border-t-slate-300" : ITEM_BORDER[domainIndex % ITEM_BORDER.length];
}

export function itemDotClass(domainIndex: number): string {
  return domainIndex < 0 ? "bg-slate-300" : ITEM_DOT[domainIndex % ITEM_DOT.length];
}
