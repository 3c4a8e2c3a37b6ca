import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import {
  CLASS_TYPES,
  ENROLLMENT_ROLES,
  OR_FILES,
  ORG_TYPES,
  SESSION_TYPES,
  SEXES,
  USER_ROLES,
  type FileMode,
  type OneRosterRecords,
  type OrFile,
  type Refusal,
  type Status,
} from "./records";

/**
 * A OneRoster 1.2 CSV bundle (a zip) read and checked file by file, before anything is written: the
 * manifest (versions, each file's mode), every file the manifest names present, each file's header,
 * and every row (required fields, status and dateLastModified by the file's mode, enums, dates,
 * booleans, a sourcedId once per file). A refused row is named with its file, line and reason; the
 * references between files are checked by the mapping (mapping.ts), which also knows the records of
 * earlier loads. A problem with the whole bundle throws BundleProblem with the person's message.
 * Pure: no database, no server imports (unit-testable, and usable by a script).
 */

export class BundleProblem extends Error {}

/** The largest bundle the intake reads, zipped and unzipped (a district of 8,000 children is about 2 MB unzipped). */
export const MAX_BUNDLE_BYTES = 100 * 1024 * 1024;
const MAX_UNZIPPED_BYTES = 500 * 1024 * 1024;

/** Each file's header columns the intake requires (the 1.2 specification's columns it reads). */
const REQUIRED_HEADERS: Record<OrFile, string[]> = {
  orgs: ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
  academicSessions: ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "schoolYear"],
  users: ["sourcedId", "status", "dateLastModified", "enabledUser", "username", "userIds", "givenName", "familyName", "middleName", "identifier", "email"],
  classes: ["sourcedId", "status", "dateLastModified", "title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds"],
  enrollments: ["sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId", "role", "primary", "beginDate", "endDate"],
  demographics: [
    "sourcedId",
    "status",
    "dateLastModified",
    "birthDate",
    "sex",
    "americanIndianOrAlaskaNative",
    "asian",
    "blackOrAfricanAmerican",
    "nativeHawaiianOrOtherPacificIslander",
    "white",
    "demographicRaceTwoOrMoreRaces",
    "hispanicOrLatinoEthnicity",
  ],
  roles: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId"],
  courses: ["sourcedId", "status", "dateLastModified", "title"],
};

/** Fields that must hold a value (besides sourcedId, and status/dateLastModified in a delta file). */
const REQUIRED_VALUES: Record<OrFile, string[]> = {
  orgs: ["name", "type"],
  academicSessions: ["title", "type", "startDate", "endDate", "schoolYear"],
  users: ["enabledUser", "givenName", "familyName"],
  classes: ["title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds"],
  enrollments: ["classSourcedId", "schoolSourcedId", "userSourcedId", "role"],
  demographics: [],
  roles: ["userSourcedId", "roleType", "role", "orgSourcedId"],
  courses: ["title"],
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date-time as the spec writes dateLastModified (2024-08-01T12:00:00.000Z; an offset is accepted too). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const realDate = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

type Row = { line: number; get: (name: string) => string; metadata: Record<string, string> };

/** The zip's files by lower-cased base name (a bundle may hold them in a folder). */
function unzip(zip: Uint8Array): Map<string, Uint8Array> {
  if (!(zip[0] === 0x50 && zip[1] === 0x4b)) throw new BundleProblem("The bundle must be a ZIP (.zip) file holding the OneRoster CSV files");
  let total = 0;
  const wanted = new Set(["manifest.csv", ...OR_FILES.map((f) => `${f.toLowerCase()}.csv`)]);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        const base = file.name.split("/").pop()!.toLowerCase();
        if (!wanted.has(base) || file.name.includes("__MACOSX")) return false;
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES) throw new BundleProblem("The bundle's files are larger than 500 MB unzipped");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof BundleProblem) throw error;
    throw new BundleProblem("The ZIP file could not be read");
  }
  return new Map(Object.entries(files).map(([name, bytes]) => [name.split("/").pop()!.toLowerCase(), bytes]));
}

function rowsOf(file: string, bytes: Uint8Array): { header: string[]; rows: Row[] } {
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes), { bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new BundleProblem(`${file} could not be read${line ? ` (line ${line})` : ""}: check its quotes`);
  }
  if (!records.length) throw new BundleProblem(`${file} has no header row`);
  const header = records[0].map((h) => h.trim());
  const position = new Map<string, number>();
  header.forEach((name, i) => {
    if (!position.has(name)) position.set(name, i);
  });
  const metadataColumns = header.map((name, i) => [name, i] as const).filter(([name]) => name.startsWith("metadata."));
  const rows = records.slice(1).map((cells, i) => ({
    // Records may span lines inside quotes; the intake numbers them as records (row 1 is the header).
    line: i + 2,
    get: (name: string) => (cells[position.get(name) ?? -1] ?? "").trim(),
    metadata: Object.fromEntries(metadataColumns.map(([name, index]) => [name.slice("metadata.".length), (cells[index] ?? "").trim()])),
  }));
  return { header, rows };
}

function manifestOf(bytes: Uint8Array | undefined): { modes: Record<OrFile, FileMode>; sourceSystem: string } {
  if (!bytes) throw new BundleProblem("The bundle has no manifest.csv");
  const { header, rows } = rowsOf("manifest.csv", bytes);
  if (header[0] !== "propertyName" || header[1] !== "value") throw new BundleProblem("manifest.csv must have the columns propertyName,value");
  const props = new Map(rows.map((r) => [r.get("propertyName"), r.get("value")]));
  if (props.get("manifest.version") !== "1.0") throw new BundleProblem("manifest.csv: manifest.version must be 1.0");
  if (props.get("oneroster.version") !== "1.2") throw new BundleProblem("manifest.csv: oneroster.version must be 1.2 (this intake reads OneRoster 1.2)");
  const modes = {} as Record<OrFile, FileMode>;
  for (const file of OR_FILES) {
    const value = (props.get(`file.${file}`) ?? "absent").toLowerCase();
    if (value !== "bulk" && value !== "delta" && value !== "absent") throw new BundleProblem(`manifest.csv: file.${file} must be bulk, delta or absent`);
    modes[file] = value;
  }
  if (modes.orgs === "absent" && modes.users === "absent" && modes.enrollments === "absent" && modes.classes === "absent" && modes.demographics === "absent")
    throw new BundleProblem("manifest.csv names none of orgs, users, classes, enrollments or demographics");
  return { modes, sourceSystem: props.get("source.systemName") ?? "" };
}

const bool = (value: string): boolean | null => (value === "true" ? true : value === "false" ? false : null);

/** Read and check a bundle. Whole-bundle problems throw BundleProblem; row problems are refusals. */
export function readBundle(zip: Uint8Array): { records: OneRosterRecords; refused: Refusal[] } {
  const files = unzip(zip);
  const { modes, sourceSystem } = manifestOf(files.get("manifest.csv"));
  const missing = OR_FILES.filter((f) => modes[f] !== "absent" && !files.has(`${f.toLowerCase()}.csv`));
  if (missing.length) throw new BundleProblem(`The manifest names files the bundle does not hold: ${missing.map((f) => `${f}.csv`).join(", ")}`);

  const refused: Refusal[] = [];
  const records: OneRosterRecords = { modes, orgs: [], academicSessions: [], users: [], classes: [], enrollments: [], demographics: [], sourceSystem };
  const roles = new Map<string, { role: string; orgs: string[] }>();

  /** The rows of a file that pass the common checks, with their base fields. */
  const read = (
    file: OrFile,
    each: (row: Row, base: { sourcedId: string; status: Status; dateLastModified: string | null; line: number }, problems: string[]) => void,
  ) => {
    if (modes[file] === "absent") return;
    const { header, rows } = rowsOf(`${file}.csv`, files.get(`${file.toLowerCase()}.csv`)!);
    const lacking = REQUIRED_HEADERS[file].filter((h) => !header.includes(h));
    if (lacking.length) throw new BundleProblem(`${file}.csv is missing the columns: ${lacking.join(", ")}`);
    const delta = modes[file] === "delta";
    const seen = new Map<string, number>();
    for (const row of rows) {
      const problems: string[] = [];
      const sourcedId = row.get("sourcedId");
      if (!sourcedId) problems.push("sourcedId: Is required");
      else if (sourcedId.length > 255) problems.push("sourcedId: Is longer than 255 characters");
      else if (seen.has(sourcedId)) problems.push(`sourcedId: Repeats line ${seen.get(sourcedId)}`);
      else seen.set(sourcedId, row.line);
      const statusText = row.get("status");
      const modified = row.get("dateLastModified");
      let status: Status = "active";
      if (delta) {
        if (statusText !== "active" && statusText !== "tobedeleted") problems.push("status: Must be active or tobedeleted in a delta file");
        else status = statusText;
        if (!modified) problems.push("dateLastModified: Is required in a delta file");
      } else if (statusText && statusText !== "active") problems.push("status: Must be blank or active in a bulk file (tobedeleted belongs to a delta file)");
      if (modified && !(DATE_TIME.test(modified) && !Number.isNaN(Date.parse(modified)))) problems.push("dateLastModified: Must be an ISO 8601 date and time");
      // A record to delete needs only its sourcedId (a REST delta sends no more).
      if (status === "active") for (const field of REQUIRED_VALUES[file]) if (!row.get(field)) problems.push(`${field}: Is required`);
      const base = {
        sourcedId,
        status,
        dateLastModified: modified && !Number.isNaN(Date.parse(modified)) ? new Date(modified).toISOString() : null,
        line: row.line,
      };
      if (status === "active") each(row, base, problems);
      if (problems.length) refused.push({ file: `${file}.csv`, line: row.line, sourcedId, reason: problems.join("; ") });
      else if (status === "tobedeleted") each(row, base, problems);
    }
  };
  const oneOf = <T extends string>(problems: string[], field: string, value: string, allowed: readonly T[]): T => {
    if (value && !allowed.includes(value as T)) problems.push(`${field}: Must be one of ${allowed.join(", ")}`);
    return value as T;
  };
  const date = (problems: string[], field: string, value: string) => {
    if (value && !realDate(value)) problems.push(`${field}: Must be a date (YYYY-MM-DD)`);
    return value;
  };
  const flag = (problems: string[], field: string, value: string) => {
    const parsed = bool(value);
    if (value && parsed === null) problems.push(`${field}: Must be true or false`);
    return parsed;
  };
  // Each check runs once per row: an active row's problems refuse it; a tobedeleted row is only kept (its sourcedId is what counts).
  const keep = (problems: string[], push: () => void) => {
    if (!problems.length) push();
  };

  read("roles", (row, base, problems) => {
    const roleType = oneOf(problems, "roleType", row.get("roleType"), ["primary", "secondary"] as const);
    const role = oneOf(problems, "role", row.get("role"), USER_ROLES);
    if (base.status !== "active" || problems.length) return;
    const entry = roles.get(row.get("userSourcedId")) ?? { role: "", orgs: [] };
    if (roleType === "primary" || !entry.role) entry.role = role;
    entry.orgs.push(row.get("orgSourcedId"));
    roles.set(row.get("userSourcedId"), entry);
  });
  read("orgs", (row, base, problems) => {
    const type = oneOf(problems, "type", row.get("type"), ORG_TYPES);
    keep(problems, () =>
      records.orgs.push({ ...base, name: row.get("name"), type, identifier: row.get("identifier"), parentSourcedId: row.get("parentSourcedId") }),
    );
  });
  read("academicSessions", (row, base, problems) => {
    const type = oneOf(problems, "type", row.get("type"), SESSION_TYPES);
    const startDate = date(problems, "startDate", row.get("startDate"));
    const endDate = date(problems, "endDate", row.get("endDate"));
    if (startDate && endDate && realDate(startDate) && realDate(endDate) && endDate < startDate) problems.push("endDate: Is before startDate");
    if (row.get("schoolYear") && !/^\d{4}$/.test(row.get("schoolYear"))) problems.push("schoolYear: Must be a year (YYYY)");
    keep(problems, () => records.academicSessions.push({ ...base, title: row.get("title"), type, startDate, endDate, schoolYear: row.get("schoolYear") }));
  });
  read("users", (row, base, problems) => {
    const enabled = flag(problems, "enabledUser", row.get("enabledUser"));
    const userIds: { type: string; identifier: string }[] = [];
    for (const pair of row.get("userIds").split(",").filter(Boolean)) {
      const match = /^\{([^:{}]+):([^{}]*)\}$/.exec(pair.trim());
      if (!match) problems.push("userIds: Must be {type:identifier} pairs separated by commas");
      else userIds.push({ type: match[1].trim(), identifier: match[2].trim() });
    }
    const fromRoles = roles.get(base.sourcedId);
    const role = fromRoles?.role ?? oneOf(problems, "role", row.get("role"), USER_ROLES);
    const orgSourcedIds = fromRoles?.orgs ?? [
      ...row
        .get("orgSourcedIds")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      ...(row.get("primaryOrgSourcedId") ? [row.get("primaryOrgSourcedId")] : []),
    ];
    keep(problems, () =>
      records.users.push({
        ...base,
        enabledUser: enabled ?? true,
        username: row.get("username"),
        userIds,
        givenName: row.get("givenName"),
        familyName: row.get("familyName"),
        middleName: row.get("middleName"),
        identifier: row.get("identifier"),
        email: row.get("email"),
        role: role ?? "",
        orgSourcedIds: [...new Set(orgSourcedIds)],
        metadata: row.metadata,
      }),
    );
  });
  read("classes", (row, base, problems) => {
    const classType = oneOf(problems, "classType", row.get("classType"), CLASS_TYPES);
    keep(problems, () =>
      records.classes.push({
        ...base,
        title: row.get("title"),
        classCode: row.get("classCode"),
        classType,
        schoolSourcedId: row.get("schoolSourcedId"),
        termSourcedIds: row
          .get("termSourcedIds")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      }),
    );
  });
  read("enrollments", (row, base, problems) => {
    const role = oneOf(problems, "role", row.get("role"), ENROLLMENT_ROLES);
    const primary = flag(problems, "primary", row.get("primary"));
    const beginDate = date(problems, "beginDate", row.get("beginDate"));
    const endDate = date(problems, "endDate", row.get("endDate"));
    if (beginDate && endDate && realDate(beginDate) && realDate(endDate) && endDate < beginDate) problems.push("endDate: Is before beginDate");
    keep(problems, () =>
      records.enrollments.push({
        ...base,
        classSourcedId: row.get("classSourcedId"),
        schoolSourcedId: row.get("schoolSourcedId"),
        userSourcedId: row.get("userSourcedId"),
        role,
        primary: primary ?? false,
        beginDate,
        endDate,
      }),
    );
  });
  read("demographics", (row, base, problems) => {
    const birthDate = date(problems, "birthDate", row.get("birthDate"));
    const sex = oneOf(problems, "sex", row.get("sex"), SEXES);
    const f = (name: string) => flag(problems, name, row.get(name));
    const flags = {
      americanIndianOrAlaskaNative: f("americanIndianOrAlaskaNative"),
      asian: f("asian"),
      blackOrAfricanAmerican: f("blackOrAfricanAmerican"),
      nativeHawaiianOrOtherPacificIslander: f("nativeHawaiianOrOtherPacificIslander"),
      white: f("white"),
      demographicRaceTwoOrMoreRaces: f("demographicRaceTwoOrMoreRaces"),
      hispanicOrLatinoEthnicity: f("hispanicOrLatinoEthnicity"),
    };
    keep(problems, () => records.demographics.push({ ...base, birthDate, sex, ...flags, metadata: row.metadata }));
  });
  // courses.csv is read for its header and sourcedIds only (a class's course is not ours to keep).
  read("courses", () => undefined);
  return { records, refused };
}
