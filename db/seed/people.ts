import type { students } from "../schema";
import { personName, type GeneratedGender } from "./names";
import type { Random } from "./random";

type StudentRow = typeof students.$inferInsert;

const GENDERS: [GeneratedGender, number][] = [
  ["MALE", 505],
  ["FEMALE", 488],
  ["UNKNOWN", 5],
  ["NON-BINARY", 2],
];

/** Race bitmask values (see RACE_CODES): single codes by share of US kindergartners, some children two. */
const RACES: [number, number][] = [
  [32, 450],
  [4, 190],
  [8, 160],
  [2, 50],
  [1, 10],
  [16, 5],
  [64, 10],
  [128, 10],
  [512, 20],
  [32 | 4, 45],
  [32 | 8, 30],
  [32 | 2, 12],
  [4 | 8, 8],
];

/** IDEA disability categories as districts report them; speech and developmental delay dominate at five. */
const DISABILITIES: [string, number][] = [
  ["SLI", 40],
  ["DD", 30],
  ["AUT", 12],
  ["OHI", 8],
  ["SLD", 3],
  ["ID", 2],
  ["HI", 1],
  ["VI", 1],
  ["OI", 1],
  ["MD", 1],
  ["ED", 1],
];

export const PRIOR_CARE: [string, number][] = [
  ["Public pre-kindergarten", 30],
  ["Child care center", 22],
  ["Home", 20],
  ["Head Start", 12],
  ["Family child care", 8],
  ["Unknown", 8],
];

const DAY = 86_400_000;

/**
 * A kindergartner of the school year starting in `schoolYearStart`: five years old on 1 September,
 * so born between 2 September six years before and 1 September five years before.
 */
export function childRecord(random: Random, input: { tenantId: number; tenantUniqueId: string; locationId: number; schoolYearStart: number }): StudentRow {
  const gender = random.weighted(GENDERS);
  const earliest = Date.UTC(input.schoolYearStart - 6, 8, 2);
  const dob = new Date(earliest + random.int(0, 364) * DAY).toISOString().slice(0, 10);
  const specialEducation = random.chance(0.12);
  return {
    tenantId: input.tenantId,
    tenantUniqueId: input.tenantUniqueId,
    ...personName(random, gender),
    gender,
    dob,
    englishLanguageLearner: random.chance(0.11),
    race: random.weighted(RACES),
    lowSes: random.chance(0.42),
    specialEducation,
    specialEducationDisabilityCode: specialEducation ? random.weighted(DISABILITIES) : null,
    parentLocationId: input.locationId,
  };
}

/**
 * A state student id: ten digits kept as text, with leading zeros. Stepping by a prime coprime with
 * 10^9 from a per-tenant offset keeps ids unique in the tenant and not in obvious sequence.
 */
export function stateStudentId(offset: number, n: number): string {
  return String((offset + n * 7919) % 1_000_000_000).padStart(10, "0");
}
