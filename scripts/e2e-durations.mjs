// Refreshes tests/e2e/durations.json, the seconds each journey file took, from the JSON reports of the
// last `npm test` (both groups). scripts/test.mjs balances the two journey groups by these figures.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const reports = ["tests/e2e/output/results.json", "tests/e2e/output-b/results.json"].filter(existsSync);
if (!reports.length) {
  console.error("No journey reports found: run npm test (or the journeys) first.");
  process.exit(1);
}
const seconds = {};
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) for (const result of test.results) seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const report of reports) for (const suite of JSON.parse(readFileSync(report, "utf8")).suites) walk(suite, suite.file.replace(/^.*\//, ""));
const previous = existsSync("tests/e2e/durations.json") ? JSON.parse(readFileSync("tests/e2e/durations.json", "utf8")) : {};
const merged = { ...previous, ...Object.fromEntries(Object.entries(seconds).map(([f, s]) => [f, Math.round(s)])) };
writeFileSync("tests/e2e/durations.json", `${JSON.stringify(Object.fromEntries(Object.entries(merged).sort()), null, 2)}\n`);
console.log(`Updated tests/e2e/durations.json from ${reports.join(" and ")}: ${Object.keys(seconds).length} files.`);
