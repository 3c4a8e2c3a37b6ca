import { parseArgs } from "node:util";

export const USAGE = `Usage:
  npm run db:seed                                  demo data (Maryland, Ohio, demo accounts) into an empty database
  npm run db:seed -- --students 130000 [--seed 1]  one more tenant the size of a state, for benchmarks`;

export type SeedCommand = { kind: "demo" } | { kind: "state"; students: number; seed: number } | { kind: "help" };

const MAX_STUDENTS = 2_000_000;

/** The seed CLI's arguments; throws an Error whose message says what is wrong. */
export function parseSeedArgs(argv: string[]): SeedCommand {
  const { values } = parseArgs({ args: argv, options: { students: { type: "string" }, seed: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return { kind: "help" };
  if (values.students === undefined) {
    if (values.seed !== undefined) throw new Error("--seed applies to --students only");
    return { kind: "demo" };
  }
  const students = Number(values.students);
  if (!Number.isInteger(students) || students < 1 || students > MAX_STUDENTS)
    throw new Error(`--students must be a whole number from 1 to ${MAX_STUDENTS.toLocaleString("en-US")}`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error("--seed must be a whole number of 0 or more");
  return { kind: "state", students, seed };
}
