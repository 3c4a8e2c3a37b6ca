import { describe, expect, it } from "vitest";
import { readBundle } from "@/lib/oneroster/bundle";
import { planLoad, raceOf, type Snapshot } from "@/lib/oneroster/mapping";
import type { OrDemographics } from "@/lib/oneroster/records";
import { districtRoster, zipBundle } from "../support/oneroster";

/** The pure parts of the OneRoster intake: the bundle reader's row rules and the mapping over a snapshot of our side. */

const snapshot = (over: Partial<Snapshot> = {}): Snapshot => ({
  tenantWide: false,
  reachDistricts: [1],
  regionId: null,
  districts: [{ id: 1, regionId: 1, uniqueId: "D1", name: "District", active: true }],
  locations: [{ id: 10, districtId: 1, uniqueId: "u-S1", name: "u Elementary 1", active: true }],
  links: [],
  students: new Map(),
  teachers: new Map(),
  rosters: [],
  collection: null,
  today: "2026-11-28",
  ...over,
});

describe("readBundle", () => {
  it("reads roles.csv before users.csv's own columns, userIds pairs and metadata, and checks each file by its mode", () => {
    const files = districtRoster({ districtIdentifier: "D1", schools: 1, teachersPerSchool: 1, childrenPerTeacher: 1, prefix: "u" });
    files.users[1]["metadata.ell"] = "true";
    const zip = zipBundle(
      {
        ...files,
        roles: [{ sourcedId: "r1", userSourcedId: "u-k1", roleType: "primary", role: "student", orgSourcedId: "u-s1" }],
      },
      { extraColumns: { users: ["metadata.ell"] } },
    );
    const { records, refused } = readBundle(zip);
    expect(refused).toEqual([]);
    const kid = records.users.find((u) => u.sourcedId === "u-k1")!;
    expect(kid).toMatchObject({ role: "student", orgSourcedIds: ["u-s1"], metadata: { ell: "true" } });
    expect(kid.userIds).toEqual([
      { type: "stateID", identifier: "0000000001" },
      { type: "district", identifier: "u1" },
    ]);
    // A teacher with no roles.csv row: users.csv's primaryOrgSourcedId.
    expect(records.users[0].orgSourcedIds).toEqual(["u-s1"]);

    const bad = readBundle(
      zipBundle({
        orgs: [
          { sourcedId: "o1", status: "tobedeleted", name: "X", type: "school" },
          { sourcedId: "o2", name: "Y", type: "school" },
        ],
      }),
    );
    expect(bad.refused.map((r) => r.reason)).toEqual(["status: Must be blank or active in a bulk file (tobedeleted belongs to a delta file)"]);
    const delta = readBundle(
      zipBundle(
        {
          orgs: [
            { sourcedId: "o1", status: "tobedeleted", dateLastModified: "2026-09-01T00:00:00Z" },
            { sourcedId: "o2", status: "active", name: "Y", type: "school" },
            { sourcedId: "o3", status: "active", dateLastModified: "yesterday", name: "Z", type: "school" },
          ],
        },
        { modes: { orgs: "delta" } },
      ),
    );
    expect(delta.refused.map((r) => `${r.sourcedId}: ${r.reason}`)).toEqual([
      "o2: dateLastModified: Is required in a delta file",
      "o3: dateLastModified: Must be an ISO 8601 date and time",
    ]);
    // A record to delete needs only its sourcedId.
    expect(delta.records.orgs).toEqual([expect.objectContaining({ sourcedId: "o1", status: "tobedeleted", dateLastModified: "2026-09-01T00:00:00.000Z" })]);
  });
});

describe("planLoad", () => {
  const demographics = (flags: Partial<OrDemographics>): OrDemographics => ({
    sourcedId: "x",
    status: "active",
    dateLastModified: null,
    line: 2,
    birthDate: "",
    sex: "",
    americanIndianOrAlaskaNative: null,
    asian: null,
    blackOrAfricanAmerican: null,
    nativeHawaiianOrOtherPacificIslander: null,
    white: null,
    demographicRaceTwoOrMoreRaces: null,
    hispanicOrLatinoEthnicity: null,
    metadata: {},
    ...flags,
  });

  it("sums the race flags to the race codes' bits, Hispanic or Latino ethnicity included", () => {
    expect(raceOf(demographics({}))).toBe(0);
    expect(raceOf(demographics({ americanIndianOrAlaskaNative: true, white: true }))).toBe(33);
    expect(raceOf(demographics({ asian: true, hispanicOrLatinoEthnicity: true, demographicRaceTwoOrMoreRaces: true }))).toBe(2 + 8 + 128);
    expect(raceOf(demographics({ blackOrAfricanAmerican: true, nativeHawaiianOrOtherPacificIslander: true, white: false }))).toBe(20);
  });

  it("maps sex and the metadata flags, keeps our values where the bundle says nothing, and plans nothing for a child as we hold them", () => {
    const files = districtRoster({ districtIdentifier: "D1", schools: 1, teachersPerSchool: 1, childrenPerTeacher: 2, prefix: "u" });
    files.demographics[0].sex = "other";
    files.demographics[0]["metadata.ell"] = "1";
    files.demographics[0]["metadata.iep"] = "true";
    files.demographics.pop();
    const { records } = readBundle(zipBundle(files, { extraColumns: { demographics: ["metadata.ell", "metadata.iep"] } }));
    const held = {
      id: 7,
      stateId: "0000000002",
      firstName: "Child2",
      middleName: null,
      lastName: "Family2",
      dob: "2020-01-01",
      gender: "FEMALE" as const,
      ell: true,
      lowSes: true,
      specialEducation: false,
      disabilityCode: null,
      race: 36,
      merged: false,
      parentLocationId: 10,
      enrollments: [{ id: 70, locationId: 10, poa: true }],
    };
    const plan = planLoad(records, snapshot({ students: new Map([["0000000002", held]]) }), { from: "identifier" });
    expect(plan.refused).toEqual([]);
    expect(plan.students.map((s) => s.row.stateId)).toEqual(["0000000001"]);
    expect(plan.students[0].row).toMatchObject({ gender: "NON-BINARY", ell: true, specialEducation: true, lowSes: false, dob: "2021-02-11" });
    // Child 2 has no demographics row: birth date, sex, race and flags stay ours, so nothing changes.
    expect(plan.counts.students).toEqual({ created: 1, updated: 0, ended: 0, unchanged: 1 });
    expect(plan.counts.enrollments).toEqual({ created: 1, updated: 0, ended: 0, unchanged: 1 });
    expect(plan.counts.schools.unchanged).toBe(1);
  });
});
