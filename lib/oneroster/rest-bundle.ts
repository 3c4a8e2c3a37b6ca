import { strToU8, zipSync } from "fflate";

/**
 * OneRoster 1.2 REST records (the JSON of the rostering service's collections) written as a CSV
 * bundle, so a pull is read, checked and mapped exactly as an uploaded bundle is (bundle.ts,
 * mapping.ts): the same row checks, refusals, dry-run counts and load history. This is the 1.2
 * specification's own correspondence between its REST and CSV bindings (a link object's sourcedId
 * becomes the `…SourcedId` column, `userIds` `{type:identifier}` pairs, each of a user's `roles`
 * a roles.csv row); it decides nothing about our records. A full pull is a bulk bundle (records
 * the provider marks tobedeleted are left out: a bulk file lists what is); a delta pull is a delta
 * bundle. Pure.
 */

export const REST_COLLECTIONS = ["orgs", "academicSessions", "users", "classes", "enrollments", "demographics"] as const;
export type RestCollection = (typeof REST_COLLECTIONS)[number];
export type RestRecords = Record<RestCollection, Record<string, unknown>[]>;

const COLUMNS = {
  orgs: ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
  academicSessions: ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear"],
  users: [
    "sourcedId",
    "status",
    "dateLastModified",
    "enabledUser",
    "username",
    "userIds",
    "givenName",
    "familyName",
    "middleName",
    "identifier",
    "email",
    "primaryOrgSourcedId",
  ],
  roles: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId"],
  classes: ["sourcedId", "status", "dateLastModified", "title", "courseSourcedId", "classCode", "classType", "schoolSourcedId", "termSourcedIds"],
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
} as const;

type Csv = Record<string, string>;

/** A value as a CSV cell: text as is, booleans and numbers written out, anything else blank. */
function cell(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  return "";
}
/** A link object's sourcedId (`{ sourcedId, href, type }`). */
const ref = (value: unknown): string => (value && typeof value === "object" ? cell((value as { sourcedId?: unknown }).sourcedId) : "");
const refs = (value: unknown): string => (Array.isArray(value) ? value.map(ref).filter(Boolean).join(",") : "");
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === "object") : [];

const base = (r: Record<string, unknown>): Csv => ({ sourcedId: cell(r.sourcedId), status: cell(r.status), dateLastModified: cell(r.dateLastModified) });
/** metadata's scalar values as `metadata.<name>` columns (the CSV binding's extension columns). */
const metadataOf = (r: Record<string, unknown>): Csv =>
  r.metadata && typeof r.metadata === "object"
    ? Object.fromEntries(
        Object.entries(r.metadata as Record<string, unknown>)
          .filter(([, v]) => typeof v !== "object")
          .map(([k, v]) => [`metadata.${k}`, cell(v)]),
      )
    : {};

function csv(columns: readonly string[], records: Csv[]): string {
  const extra = [...new Set(records.flatMap((r) => Object.keys(r).filter((k) => k.startsWith("metadata."))))].sort();
  const header = [...columns, ...extra];
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  return [header.join(","), ...records.map((r) => header.map((h) => quote(r[h] ?? "")).join(","))].join("\r\n") + "\r\n";
}

export function restBundle(records: RestRecords, mode: "bulk" | "delta", sourceSystem: string): Uint8Array {
  const keep = (rows: Record<string, unknown>[]) => (mode === "bulk" ? rows.filter((r) => r.status !== "tobedeleted") : rows);
  const users = keep(records.users);
  const files: Record<keyof typeof COLUMNS, Csv[]> = {
    orgs: keep(records.orgs).map((r) => ({
      ...base(r),
      name: cell(r.name),
      type: cell(r.type),
      identifier: cell(r.identifier),
      parentSourcedId: ref(r.parent),
      ...metadataOf(r),
    })),
    academicSessions: keep(records.academicSessions).map((r) => ({
      ...base(r),
      title: cell(r.title),
      type: cell(r.type),
      startDate: cell(r.startDate),
      endDate: cell(r.endDate),
      parentSourcedId: ref(r.parent),
      schoolYear: cell(r.schoolYear),
    })),
    users: users.map((r) => ({
      ...base(r),
      enabledUser: cell(r.enabledUser),
      username: cell(r.username),
      userIds: list(r.userIds)
        .map((u) => `{${cell(u.type)}:${cell(u.identifier)}}`)
        .join(","),
      givenName: cell(r.givenName),
      familyName: cell(r.familyName),
      middleName: cell(r.middleName),
      identifier: cell(r.identifier),
      email: cell(r.email),
      primaryOrgSourcedId: ref(r.primaryOrg),
      ...metadataOf(r),
    })),
    // A role has no sourcedId of its own in the REST binding: the user's and the org's make one.
    roles: users
      .filter((u) => u.status !== "tobedeleted")
      .flatMap((u) =>
        list(u.roles).map((role) => ({
          sourcedId: `${cell(u.sourcedId)}:${ref(role.org)}:${cell(role.role)}`,
          status: cell(u.status),
          dateLastModified: cell(u.dateLastModified),
          userSourcedId: cell(u.sourcedId),
          roleType: cell(role.roleType),
          role: cell(role.role),
          orgSourcedId: ref(role.org),
        })),
      ),
    classes: keep(records.classes).map((r) => ({
      ...base(r),
      title: cell(r.title),
      courseSourcedId: ref(r.course),
      classCode: cell(r.classCode),
      classType: cell(r.classType),
      schoolSourcedId: ref(r.school),
      termSourcedIds: refs(r.terms),
    })),
    enrollments: keep(records.enrollments).map((r) => ({
      ...base(r),
      classSourcedId: ref(r.class),
      schoolSourcedId: ref(r.school),
      userSourcedId: ref(r.user),
      role: cell(r.role),
      primary: cell(r.primary),
      beginDate: cell(r.beginDate),
      endDate: cell(r.endDate),
    })),
    demographics: keep(records.demographics).map((r) => ({
      ...base(r),
      birthDate: cell(r.birthDate),
      // The 1.2 vocabulary is lower case; some published descriptions (Ed-Fi's) capitalise it.
      sex: cell(r.sex).toLowerCase(),
      americanIndianOrAlaskaNative: cell(r.americanIndianOrAlaskaNative),
      asian: cell(r.asian),
      blackOrAfricanAmerican: cell(r.blackOrAfricanAmerican),
      nativeHawaiianOrOtherPacificIslander: cell(r.nativeHawaiianOrOtherPacificIslander),
      white: cell(r.white),
      demographicRaceTwoOrMoreRaces: cell(r.demographicRaceTwoOrMoreRaces),
      hispanicOrLatinoEthnicity: cell(r.hispanicOrLatinoEthnicity),
      ...metadataOf(r),
    })),
  };
  const manifest = [
    "propertyName,value",
    "manifest.version,1.0",
    "oneroster.version,1.2",
    ...Object.keys(files).map((f) => `file.${f},${mode}`),
    "file.courses,absent",
    `source.systemName,"${sourceSystem.replaceAll('"', '""')}"`,
  ].join("\r\n");
  return zipSync({
    "manifest.csv": strToU8(`${manifest}\r\n`),
    ...Object.fromEntries(Object.entries(files).map(([name, rows]) => [`${name}.csv`, strToU8(csv(COLUMNS[name as keyof typeof COLUMNS], rows))])),
  });
}
