// Refreshes tests/e2e/durations.json, the seconds each journey file took, from the JSON reports of the
// last `npm test` (both groups and the smoke), or of the reports named on the command line (an instance's
// tests/e2e/output-<instance>/results.json). scripts/test.mjs balances the two journey groups by these
// figures. It also prints where the journeys' time went: the boxed steps of tests/e2e/support.ts
// (axe, sign in, screenshot) summed by kind.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const named = process.argv.slice(2);
const reports = (named.length ? named : ["a", "b", "smoke"].map((group) => `tests/e2e/output-${group}/results.json`)).filter(existsSync);
if (!reports.length) {
  console.error("No journey reports found: run npm test (or the journeys) first.");
  process.exit(1);
}
const seconds = {};
const steps = {};
function countSteps(list) {
  for (const step of list ?? []) {
    const kind = /^(screenshot|axe) /.exec(step.title)?.[1] ?? step.title;
    if (["axe", "sign in", "screenshot"].includes(kind)) {
      steps[kind] ??= { count: 0, seconds: 0 };
      steps[kind].count += 1;
      steps[kind].seconds += step.duration / 1000;
    } else countSteps(step.steps);
  }
}
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests)
      for (const result of test.results) {
        seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
        countSteps(result.steps);
      }
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const report of reports) for (const suite of JSON.parse(readFileSync(report, "utf8")).suites) walk(suite, suite.file.replace(/^.*\//, ""));
const previous = existsSync("tests/e2e/durations.json") ? JSON.parse(readFileSync("tests/e2e/durations.json", "utf8")) : {};
const merged = { ...previous, ...Object.fromEntries(Object.entries(seconds).map(([f, s]) => [f, Math.round(s)])) };
writeFileSync("tests/e2e/durations.json", `${JSON.stringify(Object.fromEntries(Object.entries(merged).sort()), null, 2)}\n`);
console.log(`Updated tests/e2e/durations.json from ${reports.join(" and ")}: ${Object.keys(seconds).length} files.`);
const total = Object.values(seconds).reduce((sum, s) => sum + s, 0);
console.log(`Journeys: ${Math.round(total)} s in all.`);
for (const [kind, { count, seconds: s }] of Object.entries(steps))
  console.log(`  ${kind}: ${count} steps, ${Math.round(s)} s (${((100 * s) / total).toFixed(0)}%)`);
