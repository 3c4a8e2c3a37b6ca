/**
 * The columns of a bulk-load file, per type, and the check of one row. Pure (no server imports): the
 * upload page shows the same column list. The rules are the API's (POST /students): state id of
 * letters, digits and dashes (text, leading zeros kept), names required, birth date a real date,
 * gender one of the spec's four, flags 1/0, race the sum of race code bits (10 bits).
 */

import { BULK_LOAD_RULE } from "@/lib/platform/storage/purposes";
import { ASSIGNMENT_COLUMNS } from "./assignments-columns";
import { ROSTER_COLUMNS } from "./rosters-columns";
import { USER_COLUMNS } from "./users-columns";

/** The limits of a bulk-load file (its upload purpose's), checked by the page before uploading and by the server again. */
export const MAX_FILE_BYTES = BULK_LOAD_RULE.maxBytes;
export const FILE_TYPE_MESSAGE = BULK_LOAD_RULE.typeMessage;
export const FILE_SIZE_MESSAGE = BULK_LOAD_RULE.sizeMessage;

export const BULK_LOAD_TYPES = ["students", "users", "rosters", "assignments"] as const;
export type BulkLoadType = (typeof BULK_LOAD_TYPES)[number];

export interface Column {
  name: string;
  required: boolean;
  /** What goes in the column (the template's second sheet and docs/bulk-loads.md). */
  description: string;
  /** Kept as text by the XLSX template (Excel would drop leading zeros). */
  text?: boolean;
}

const STUDENT_COLUMNS: Column[] = [
  { name: "stateId", required: true, text: true, description: "Student state id: letters, digits or dashes, up to 50; leading zeros are kept" },
  { name: "firstName", required: true, description: "First name, up to 100 characters" },
  { name: "middleName", required: false, description: "Middle name, up to 100 characters" },
  { name: "lastName", required: true, description: "Last name, up to 100 characters" },
  { name: "birthDate", required: false, text: true, description: "Birth date, YYYY-MM-DD or MM/DD/YYYY" },
  { name: "gender", required: false, description: "MALE, FEMALE, NON-BINARY or UNKNOWN (blank: UNKNOWN)" },
  { name: "englishLanguageLearner", required: false, description: "1 or 0 (also Y/N, true/false; blank: 0)" },
  { name: "lowSes", required: false, description: "1 or 0" },
  { name: "specialEducation", required: false, description: "1 or 0" },
  { name: "specialEducationDisabilityCode", required: false, description: "Disability code, up to 50 characters" },
  { name: "race", required: false, description: "Sum of the race code values (0 to 1023)" },
  { name: "locationId", required: true, description: "The location (school) id, as on its profile page; it must be within your reach" },
  { name: "priorCare", required: false, description: "Prior care, up to 100 characters" },
];

export const COLUMNS: Record<BulkLoadType, Column[]> = {
  students: STUDENT_COLUMNS,
  users: USER_COLUMNS,
  rosters: ROSTER_COLUMNS,
  assignments: ASSIGNMENT_COLUMNS,
};

/** The column that names a refused row in the results file. */
export const KEY_COLUMN: Record<BulkLoadType, string> = { students: "stateId", users: "email", rosters: "studentStateId", assignments: "studentStateId" };

/** A row that passed the file checks, in the staging table's shape. */
export interface StudentRow {
  line: number;
  stateId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dob: string | null;
  gender: "MALE" | "FEMALE" | "NON-BINARY" | "UNKNOWN";
  ell: boolean;
  lowSes: boolean;
  specialEducation: boolean;
  disabilityCode: string | null;
  race: number;
  locationId: number;
  priorCare: string | null;
}

type RowCheck = { ok: true; row: StudentRow } | { ok: false; reason: string };

const GENDER_VALUES = new Set(["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"]);
const TRUE_FLAGS = new Set(["1", "y", "yes", "true", "t"]);
const FALSE_FLAGS = new Set(["0", "n", "no", "false", "f", ""]);

/** Missing header columns, by name (case and spaces ignored), or an empty list. */
export function missingColumns(type: BulkLoadType, header: string[]): string[] {
  const have = new Set(header.map(normalizeHeader));
  return COLUMNS[type].filter((c) => c.required && !have.has(normalizeHeader(c.name))).map((c) => c.name);
}

export const normalizeHeader = (name: string) => name.replace(/[\s_-]+/g, "").toLowerCase();

function isoDate(value: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > Date.now()) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Check one data row (cells by normalised header name). Reasons name the column and use the API's
 * texts ("stateId: Must be letters, digits or dashes"); several problems are joined with "; ".
 */
export function checkStudentRow(line: number, cell: (name: string) => string): RowCheck {
  const problems: string[] = [];
  const text = (name: string, max: number, required: boolean): string | null => {
    const value = cell(name).trim();
    if (!value) {
      if (required) problems.push(`${name}: Is required`);
      return null;
    }
    if (value.length > max) problems.push(`${name}: Is too long`);
    else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) problems.push(`${name}: May not contain control characters`);
    return value;
  };
  const flag = (name: string): boolean => {
    const value = cell(name).trim().toLowerCase();
    if (TRUE_FLAGS.has(value)) return true;
    if (!FALSE_FLAGS.has(value)) problems.push(`${name}: Must be 1 or 0`);
    return false;
  };

  const stateId = text("stateId", 50, true);
  if (stateId && stateId.length <= 50 && !/^[A-Za-z0-9-]+$/.test(stateId)) problems.push("stateId: Must be letters, digits or dashes");
  const firstName = text("firstName", 100, true);
  const middleName = text("middleName", 100, false);
  const lastName = text("lastName", 100, true);
  const birth = cell("birthDate").trim();
  const dob = birth ? isoDate(birth) : null;
  if (birth && !dob) problems.push("birthDate: Must be a date (YYYY-MM-DD or MM/DD/YYYY)");
  const genderText = cell("gender").trim().toUpperCase() || "UNKNOWN";
  if (!GENDER_VALUES.has(genderText)) problems.push("gender: Must be one of: MALE, FEMALE, NON-BINARY, UNKNOWN");
  const ell = flag("englishLanguageLearner");
  const lowSes = flag("lowSes");
  const specialEducation = flag("specialEducation");
  const disabilityCode = text("specialEducationDisabilityCode", 50, false);
  const raceText = cell("race").trim();
  const race = raceText === "" ? 0 : Number(raceText);
  if (!Number.isInteger(race) || race < 0 || race > 1023) problems.push("race: Must be a whole number from 0 to 1023");
  const locationText = cell("locationId").trim();
  const locationId = Number(locationText);
  if (!locationText) problems.push("locationId: Is required");
  else if (!/^\d{1,9}$/.test(locationText) || locationId < 1) problems.push("locationId: Must be a positive whole number");
  const priorCare = text("priorCare", 100, false);

  if (problems.length) return { ok: false, reason: problems.join("; ") };
  return {
    ok: true,
    row: {
      line,
      stateId: stateId!,
      firstName: firstName!,
      middleName,
      lastName: lastName!,
      dob,
      gender: genderText as StudentRow["gender"],
      ell,
      lowSes,
      specialEducation,
      disabilityCode,
      race,
      locationId,
      priorCare,
    },
  };
}
