import { zipSync, strToU8 } from "fflate";
import { csvForPeople } from "@/lib/platform/csv";

/**
 * OneRoster 1.2 CSV bundles for tests and the benchmark: `zipBundle` writes any files (rows as
 * objects, columns from the 1.2 headers), `districtRoster` a district's roster as records
 * (district org, schools, one class per teacher, children with demographics), which a test may
 * change before zipping. Deterministic from its options.
 */

export const HEADERS = {
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
    "sms",
    "phone",
    "agentSourcedIds",
    "grades",
    "password",
    "userMasterIdentifier",
    "resourceSourcedIds",
    "preferredGivenName",
    "preferredMiddleName",
    "preferredFamilyName",
    "primaryOrgSourcedId",
    "pronouns",
  ],
  roles: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "beginDate", "endDate", "orgSourcedId", "userProfileSourcedId"],
  classes: [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "grades",
    "courseSourcedId",
    "classCode",
    "classType",
    "location",
    "schoolSourcedId",
    "termSourcedIds",
    "subjects",
    "subjectCodes",
    "periods",
  ],
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
    "countryOfBirthCode",
    "stateOfBirthAbbreviation",
    "cityOfBirth",
    "publicSchoolResidenceStatus",
  ],
} as const;

type FileName = keyof typeof HEADERS;
export type Rec = Record<string, string>;
export type Files = Partial<Record<FileName, Rec[]>>;

/** A zip of manifest.csv and the files; `modes` per file (default: bulk for each file given, absent otherwise). */
export function zipBundle(
  files: Files,
  options: { modes?: Partial<Record<FileName, "bulk" | "delta" | "absent">>; manifest?: Rec; extraColumns?: Partial<Record<FileName, string[]>> } = {},
): Uint8Array {
  const names: FileName[] = ["academicSessions", "classes", "demographics", "enrollments", "orgs", "roles", "users"];
  const manifest: Rec = { "manifest.version": "1.0", "oneroster.version": "1.2" };
  for (const name of names) manifest[`file.${name}`] = options.modes?.[name] ?? (files[name] ? "bulk" : "absent");
  manifest["file.courses"] = "absent";
  manifest["source.systemName"] = "Test SIS";
  Object.assign(manifest, options.manifest ?? {});
  const entries: Record<string, Uint8Array> = {
    "manifest.csv": strToU8(csvForPeople([["propertyName", "value"], ...Object.entries(manifest)], { bom: false })),
  };
  for (const name of names) {
    const list = files[name];
    if (!list) continue;
    const columns = [...HEADERS[name], ...(options.extraColumns?.[name] ?? [])];
    entries[`${name}.csv`] = strToU8(csvForPeople([columns, ...list.map((r) => columns.map((c) => r[c] ?? ""))], { bom: false }));
  }
  return zipSync(entries);
}

export interface RosterOptions {
  /** The district's identifier (our districts.unique_id). */
  districtIdentifier: string;
  schools: number;
  teachersPerSchool: number;
  childrenPerTeacher: number;
  /** Prefix of every sourcedId, email and state id (tests share one database per file). */
  prefix: string;
  /** Lead digits of the state ids (kept as text: leading zeros). */
  stateIdStart?: number;
}

/** A district's bundle as records: one homeroom class per teacher, each with its children. */
export function districtRoster(o: RosterOptions): Required<Pick<Files, "orgs" | "academicSessions" | "users" | "classes" | "enrollments" | "demographics">> {
  const p = o.prefix;
  const files = {
    orgs: [{ sourcedId: `${p}-d`, name: `District ${p}`, type: "district", identifier: o.districtIdentifier, parentSourcedId: "" }] as Rec[],
    academicSessions: [
      { sourcedId: `${p}-y`, title: "2026-2027", type: "schoolYear", startDate: "2026-08-01", endDate: "2027-06-30", schoolYear: "2027" },
    ] as Rec[],
    users: [] as Rec[],
    classes: [] as Rec[],
    enrollments: [] as Rec[],
    demographics: [] as Rec[],
  };
  let child = 0;
  for (let s = 1; s <= o.schools; s++) {
    const school = `${p}-s${s}`;
    files.orgs.push({ sourcedId: school, name: `${p} Elementary ${s}`, type: "school", identifier: `${p}-S${s}`, parentSourcedId: `${p}-d` });
    for (let k = 1; k <= o.teachersPerSchool; k++) {
      const teacher = `${p}-t${s}-${k}`;
      const klass = `${p}-c${s}-${k}`;
      files.users.push({
        sourcedId: teacher,
        enabledUser: "true",
        username: `${teacher}@or.example`,
        givenName: `Teacher${k}`,
        familyName: `School${s}`,
        identifier: `T${s}-${k}`,
        email: `${teacher}@or.example`,
        primaryOrgSourcedId: school,
      });
      files.classes.push({
        sourcedId: klass,
        title: `Kindergarten ${s}-${k}`,
        courseSourcedId: `${p}-k`,
        classCode: `K-${k}`,
        classType: "homeroom",
        schoolSourcedId: school,
        termSourcedIds: `${p}-y`,
      });
      files.enrollments.push({
        sourcedId: `${klass}-t`,
        classSourcedId: klass,
        schoolSourcedId: school,
        userSourcedId: teacher,
        role: "teacher",
        primary: "true",
      });
      for (let c = 0; c < o.childrenPerTeacher; c++) {
        child++;
        const kid = `${p}-k${child}`;
        const stateId = String((o.stateIdStart ?? 0) * 1_000_000 + child).padStart(10, "0");
        files.users.push({
          sourcedId: kid,
          enabledUser: "true",
          username: kid,
          userIds: `{stateID:${stateId}},{district:${p}${child}}`,
          givenName: `Child${child}`,
          familyName: `Family${child % 97}`,
          middleName: child % 3 ? "" : "M",
          identifier: stateId,
          primaryOrgSourcedId: school,
          grades: "KG",
        });
        files.enrollments.push({
          sourcedId: `${klass}-${kid}`,
          classSourcedId: klass,
          schoolSourcedId: school,
          userSourcedId: kid,
          role: "student",
          primary: "false",
        });
        files.demographics.push({
          sourcedId: kid,
          birthDate: `2021-0${1 + (child % 9)}-1${child % 9}`,
          sex: child % 2 ? "female" : "male",
          americanIndianOrAlaskaNative: "false",
          asian: child % 5 === 0 ? "true" : "false",
          blackOrAfricanAmerican: child % 4 === 0 ? "true" : "false",
          nativeHawaiianOrOtherPacificIslander: "false",
          white: child % 2 ? "true" : "false",
          demographicRaceTwoOrMoreRaces: "false",
          hispanicOrLatinoEthnicity: child % 3 === 0 ? "true" : "false",
        });
      }
    }
  }
  return files;
}
