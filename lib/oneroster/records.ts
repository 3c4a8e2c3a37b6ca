/**
 * OneRoster 1.2 records as the intake reads them, whatever carried them: the CSV bundle (bundle.ts)
 * today, the REST pull later. Pure types and enums; the mapping (mapping.ts) takes these, never CSV.
 */

export const OR_FILES = ["orgs", "academicSessions", "users", "classes", "enrollments", "demographics", "roles", "courses"] as const;
export type OrFile = (typeof OR_FILES)[number];
export type FileMode = "bulk" | "delta" | "absent";

export const ORG_TYPES = ["department", "school", "district", "local", "state", "national"] as const;
export const SESSION_TYPES = ["gradingPeriod", "semester", "schoolYear", "term"] as const;
export const ENROLLMENT_ROLES = ["administrator", "proctor", "student", "teacher"] as const;
export const USER_ROLES = [
  "aide",
  "counselor",
  "districtAdministrator",
  "guardian",
  "parent",
  "principal",
  "proctor",
  "relative",
  "siteAdministrator",
  "student",
  "systemAdministrator",
  "teacher",
] as const;
export const SEXES = ["male", "female", "unspecified", "other"] as const;
export const CLASS_TYPES = ["homeroom", "scheduled"] as const;

export type Status = "active" | "tobedeleted";

interface Base {
  sourcedId: string;
  status: Status;
  /** ISO time, or null in a bulk file (the spec leaves it blank there). */
  dateLastModified: string | null;
  /** The record's line in its file (row 1 is the header); 0 for records that came another way. */
  line: number;
}

export interface OrOrg extends Base {
  name: string;
  type: (typeof ORG_TYPES)[number];
  identifier: string;
  parentSourcedId: string;
}

export interface OrAcademicSession extends Base {
  title: string;
  type: (typeof SESSION_TYPES)[number];
  startDate: string;
  endDate: string;
  schoolYear: string;
}

export interface OrUser extends Base {
  enabledUser: boolean;
  username: string;
  /** `{type:id}` pairs of the userIds column. */
  userIds: { type: string; identifier: string }[];
  givenName: string;
  familyName: string;
  middleName: string;
  identifier: string;
  email: string;
  /** The user's role: roles.csv's primary role, else users.csv's `role` column (1.1-style exports), else "" (the enrollments decide). */
  role: string;
  /** The orgs the user belongs to: roles.csv, else users.csv's orgSourcedIds / primaryOrgSourcedId. */
  orgSourcedIds: string[];
  /** `metadata.*` columns, by the name after `metadata.`. */
  metadata: Record<string, string>;
}

export interface OrClass extends Base {
  title: string;
  classCode: string;
  classType: string;
  schoolSourcedId: string;
  termSourcedIds: string[];
}

export interface OrEnrollment extends Base {
  classSourcedId: string;
  schoolSourcedId: string;
  userSourcedId: string;
  role: (typeof ENROLLMENT_ROLES)[number];
  primary: boolean;
  beginDate: string;
  endDate: string;
}

export interface OrDemographics extends Base {
  birthDate: string;
  sex: string;
  americanIndianOrAlaskaNative: boolean | null;
  asian: boolean | null;
  blackOrAfricanAmerican: boolean | null;
  nativeHawaiianOrOtherPacificIslander: boolean | null;
  white: boolean | null;
  demographicRaceTwoOrMoreRaces: boolean | null;
  hispanicOrLatinoEthnicity: boolean | null;
  metadata: Record<string, string>;
}

/** One bundle's records, each file's mode (the manifest's), and the source system's name. */
export interface OneRosterRecords {
  modes: Record<OrFile, FileMode>;
  orgs: OrOrg[];
  academicSessions: OrAcademicSession[];
  users: OrUser[];
  classes: OrClass[];
  enrollments: OrEnrollment[];
  demographics: OrDemographics[];
  sourceSystem: string;
}

/** A row the intake will not use, and why (the file and line where it came from a file). */
export interface Refusal {
  file: string;
  line: number;
  sourcedId: string;
  reason: string;
}
