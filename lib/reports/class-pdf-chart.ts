import { createElement as h, type ReactElement } from "react";
import { Rect, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import { PDF_MUTED, PDF_TEXT } from "@/lib/pdf/parts";
import type { Category, Tally } from "./class-pdf-data";

/**
 * The class reports' charts, drawn with react-pdf's SVG primitives: one horizontal stacked bar per
 * row (a domain, a skill), a segment per category in the legend's order. Never colour alone: each
 * segment wide enough carries its count, and a line under each bar names every category with its
 * count, as text (searchable, read aloud).
 */

const LABEL_W = 150;
const BAR_W = 262;
const BAR_H = 18;

/** Dark enough for white counts on them (contrast 4.5:1 or more), ordered as the levels or ratings are. */
const PALETTE = ["#9f1239", "#b45309", "#15803d", "#1d4ed8", "#6d28d9", "#0e7490", "#a21caf", "#854d0e", "#334155"];
/** The "nothing yet" category (not scored, not rated): pale, with dark counts. */
const EMPTY_COLOUR = "#e2e8f0";

const styles = StyleSheet.create({
  bar: { marginBottom: 7 },
  barRow: { flexDirection: "row", alignItems: "center" },
  label: { width: LABEL_W, paddingRight: 6, fontSize: 9, lineHeight: 1.15 },
  note: { marginLeft: 8, fontSize: 9, fontFamily: "Helvetica-Bold" },
  key: { marginLeft: LABEL_W, marginTop: 2, fontSize: 7.5, color: PDF_MUTED },
  legend: { flexDirection: "row", flexWrap: "wrap", marginBottom: 8, alignItems: "center" },
  legendTitle: { fontSize: 8.5, fontFamily: "Helvetica-Bold", marginRight: 6, lineHeight: 1 },
  legendItem: { flexDirection: "row", alignItems: "center", marginRight: 10, marginBottom: 2 },
  legendText: { fontSize: 8.5, marginLeft: 3, lineHeight: 1 },
});

/** Colours of categories: the palette in order, the empty category pale. */
export function coloursOf(categories: Category[], empty: string): Map<string, string> {
  let next = 0;
  return new Map(categories.map((c) => [c.key, c.key === empty ? EMPTY_COLOUR : PALETTE[next++ % PALETTE.length]]));
}

/** A legend: a swatch and the category's name (its code first when it has one). */
export function legend(categories: Category[], colours: Map<string, string>, title?: string): ReactElement {
  return h(
    View,
    { style: styles.legend, wrap: false },
    title ? h(Text, { style: styles.legendTitle }, title) : null,
    ...categories.map((c) =>
      h(
        View,
        { key: c.key, style: styles.legendItem },
        h(
          Svg,
          { width: 10, height: 10 },
          h(Rect, { x: 0, y: 0, width: 10, height: 10, fill: colours.get(c.key) ?? EMPTY_COLOUR, stroke: "#64748b", strokeWidth: 0.5 }),
        ),
        h(Text, { style: styles.legendText }, c.key === c.label ? c.label : `${c.key} ${c.label}`),
      ),
    ),
  );
}

/** One stacked bar with its label, its note (the class mean) and the line of counts under it. */
function bar(tally: Tally, colours: Map<string, string>, keyName: (key: string) => string): ReactElement {
  const total = tally.counts.reduce((sum, c) => sum + c.count, 0);
  const shapes: ReactElement[] = [h(Rect, { key: "frame", x: 0, y: 0, width: BAR_W, height: BAR_H, fill: "#ffffff", stroke: "#94a3b8", strokeWidth: 0.5 })];
  let x = 0;
  for (const { key, count } of tally.counts) {
    if (!count) continue;
    const width = (BAR_W * count) / total;
    const fill = colours.get(key) ?? EMPTY_COLOUR;
    shapes.push(h(Rect, { key: `r-${key}`, x, y: 0, width, height: BAR_H, fill, stroke: "#ffffff", strokeWidth: 0.75 }));
    if (width >= 10) {
      shapes.push(
        h(
          Text,
          {
            key: `t-${key}`,
            x: x + width / 2,
            y: 12.5,
            textAnchor: "middle",
            fill: fill === EMPTY_COLOUR ? PDF_TEXT : "#ffffff",
            style: { fontSize: 8, fontFamily: "Helvetica-Bold" },
          },
          String(count),
        ),
      );
    }
    x += width;
  }
  return h(
    View,
    { key: tally.label, style: styles.bar, wrap: false },
    h(
      View,
      { style: styles.barRow },
      h(Text, { style: styles.label }, tally.label),
      h(Svg, { width: BAR_W, height: BAR_H }, ...shapes),
      tally.note ? h(Text, { style: styles.note }, tally.note) : null,
    ),
    h(Text, { style: styles.key }, tally.counts.map((c) => `${keyName(c.key)} ${c.count}`).join("  ·  ")),
  );
}

/** The bars of one chart. `keyName` names a category in the line of counts (a label, or a rating's code). */
export function stackedBars(tallies: Tally[], colours: Map<string, string>, keyName: (key: string) => string = (key) => key): ReactElement[] {
  return tallies.map((t) => bar(t, colours, keyName));
}
