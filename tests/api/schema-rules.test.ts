import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { APP_ROLE, db, rows } from "@/db/client";
import {
  assessmentItems,
  districts,
  notifications,
  scaleEntries,
  scales,
  schoolYears,
  scores,
  studentEnrollments,
  studentOutputs,
  students,
} from "@/db/schema";
import { apiRoute } from "@/lib/platform/api";
import { pgErrorOf } from "@/lib/platform/pg-errors";
import { isStudentStateIdViolation, mapStudentErrors } from "@/lib/students/errors";
import { call, tokenFor } from "../support/api";
import { makeAssessment, makeDataCollection, makeEnrollment, makeOrgTree, makeSchoolYear, makeStudent, makeTenant, makeUser } from "../support/factories";

/** The Postgres error code a statement fails with (null when it succeeds). */
async function failureOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return pgErrorOf(error)?.code ?? "not a database error";
  }
}

// The smallest student create path, so the rule is shown through the API wrapper as a client meets it.
const createStudent = apiRoute(
  { permission: "area.administrator", body: z.object({ tenantUniqueId: z.string().min(1), firstName: z.string(), lastName: z.string() }) },
  async ({ actor, body }) => {
    const [row] = await db()
      .insert(students)
      .values({ tenantId: actor.tenantId, ...body })
      .returning({ id: students.id })
      .catch(mapStudentErrors);
    return { student: row };
  },
);

describe("student state id", () => {
  it("is unique per tenant: a duplicate is refused at the database with a unique violation", async () => {
    const tenant = await makeTenant();
    await makeStudent(tenant.id, { tenantUniqueId: "0001234567" });
    let caught: unknown;
    await makeStudent(tenant.id, { tenantUniqueId: "0001234567" }).catch((e) => (caught = e));
    expect(pgErrorOf(caught)).toEqual({ code: "23505", constraint: "students_tenant_unique_id_key" });
    expect(isStudentStateIdViolation(caught)).toBe(true);
    expect(() => mapStudentErrors(caught)).toThrow("Student State ID must be unique");
  });

  it("is refused through the API with 'Student State ID must be unique'; another tenant may reuse it", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const tokenA = await tokenFor(await makeUser(a.id, { roles: ["ROLE_ADMIN"] }));
    const tokenB = await tokenFor(await makeUser(b.id, { roles: ["ROLE_ADMIN"] }));
    const body = { tenantUniqueId: "0009990001", firstName: "Ada", lastName: "Lovelace" };
    const first = await call(createStudent, "POST", "/en/api/v1/students", { token: tokenA, body });
    expect(first.status).toBe(200);
    const duplicate = await call(createStudent, "POST", "/en/api/v1/students", { token: tokenA, body: { ...body, firstName: "Other" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      message: "Student State ID must be unique",
      errors: [{ field: "tenantUniqueId", message: "Student State ID must be unique" }],
    });
    const otherTenant = await call(createStudent, "POST", "/en/api/v1/students", { token: tokenB, body });
    expect(otherTenant.status).toBe(200);
    const stored = await rows<{ tenant_id: number; first_name: string }>(
      db(),
      sql`select tenant_id, first_name from students where tenant_unique_id = '0009990001' order by tenant_id`,
    );
    expect(stored).toEqual([
      { tenant_id: a.id, first_name: "Ada" },
      { tenant_id: b.id, first_name: "Ada" },
    ]);
  });

  it("passes other errors through unchanged", () => {
    const other = new Error("boom");
    expect(() => mapStudentErrors(other)).toThrow(other);
  });
});

describe("checks and enums", () => {
  it("keeps race within the 10-bit mask", async () => {
    const tenant = await makeTenant();
    expect(await failureOf(() => makeStudent(tenant.id, { race: 1023 }))).toBeNull();
    expect(await failureOf(() => makeStudent(tenant.id, { race: 1024 }))).toBe("23514");
    expect(await failureOf(() => makeStudent(tenant.id, { race: -1 }))).toBe("23514");
  });

  it("accepts the four genders only", async () => {
    const tenant = await makeTenant();
    for (const gender of ["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"] as const) {
      expect(await failureOf(() => makeStudent(tenant.id, { gender }))).toBeNull();
    }
    const bad = await failureOf(() =>
      db().execute(sql`insert into students (tenant_id, tenant_unique_id, first_name, last_name, gender) values (${tenant.id}, 'g1', 'A', 'B', 'OTHER')`),
    );
    expect(bad).toBe("22P02");
  });

  it("keeps acknowledged at 0 or 1 and output status to the spec's values", async () => {
    const tenant = await makeTenant();
    const user = await makeUser(tenant.id);
    expect(await failureOf(() => db().insert(notifications).values({ tenantId: tenant.id, userId: user.id, message: "m", acknowledged: 1 }))).toBeNull();
    expect(await failureOf(() => db().insert(notifications).values({ tenantId: tenant.id, userId: user.id, message: "m", acknowledged: 2 }))).toBe("23514");
    const student = await makeStudent(tenant.id);
    const collection = await makeDataCollection(tenant.id, { schoolYearId: (await makeSchoolYear()).id, assessmentId: (await makeAssessment()).id });
    const [output] = await db().insert(studentOutputs).values({ tenantId: tenant.id, studentId: student.id, dataCollectionId: collection.id }).returning();
    expect(output.outputStatus).toBe("No ISR");
    expect(output.status).toBe("queued");
    const bad = await failureOf(() =>
      db().insert(studentOutputs).values({ tenantId: tenant.id, studentId: student.id, dataCollectionId: collection.id, outputStatus: "Lost" }),
    );
    expect(bad).toBe("23514");
    const badJob = await failureOf(() => db().execute(sql`insert into reports (tenant_id, kind, status) values (${tenant.id}, 'kra.ssr', 'done')`));
    expect(badJob).toBe("22P02");
  });

  it("refuses a school year that ends before it starts", async () => {
    expect(await failureOf(() => db().insert(schoolYears).values({ label: "bad", startDate: "2030-07-01", endDate: "2030-06-30" }))).toBe("23514");
  });
});

describe("keys and uniqueness", () => {
  it("refuses a district of a region that does not exist", async () => {
    const tenant = await makeTenant();
    expect(await failureOf(() => db().insert(districts).values({ tenantId: tenant.id, regionId: 2_000_000_000, name: "X" }))).toBe("23503");
  });

  it("allows one point of authority per student", async () => {
    const tenant = await makeTenant();
    const { location } = await makeOrgTree(tenant.id);
    const student = await makeStudent(tenant.id);
    await makeEnrollment(tenant.id, student.id, location);
    expect(await failureOf(() => makeEnrollment(tenant.id, student.id, location))).toBe("23505");
    expect(await failureOf(() => makeEnrollment(tenant.id, student.id, location, { isPointOfAuthority: false }))).toBeNull();
    const poas = await db()
      .select()
      .from(studentEnrollments)
      .where(sql`${studentEnrollments.studentId} = ${student.id} and ${studentEnrollments.isPointOfAuthority}`);
    expect(poas).toHaveLength(1);
  });

  it("keeps one score per enrollment, item and collection", async () => {
    const tenant = await makeTenant();
    const { location } = await makeOrgTree(tenant.id);
    const enrollment = await makeEnrollment(tenant.id, (await makeStudent(tenant.id)).id, location);
    const assessment = await makeAssessment();
    const [scale] = await db().insert(scales).values({ assessmentId: assessment.id, code: "R", label: "Rubric" }).returning();
    const [entry] = await db().insert(scaleEntries).values({ scaleId: scale.id, code: "A", label: "A", score: "3" }).returning();
    const [item] = await db().insert(assessmentItems).values({ assessmentId: assessment.id, code: "LL1", label: "Letters", scaleId: scale.id }).returning();
    const collection = await makeDataCollection(tenant.id, { schoolYearId: (await makeSchoolYear()).id, assessmentId: assessment.id });
    const score = {
      tenantId: tenant.id,
      dataCollectionId: collection.id,
      studentEnrollmentId: enrollment.id,
      assessmentItemId: item.id,
      scaleEntryId: entry.id,
    };
    expect(await failureOf(() => db().insert(scores).values(score))).toBeNull();
    expect(await failureOf(() => db().insert(scores).values(score))).toBe("23505");
  });
});

describe("the schema as a whole", () => {
  it("has the ten race codes as reference data", async () => {
    const codes = await rows<{ bit_value: number }>(db(), sql`select bit_value from race_codes order by bit_value`);
    expect(codes.map((c) => c.bit_value)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });

  it("stores every timestamp with its time zone", async () => {
    const naive = await rows<{ table_name: string; column_name: string }>(
      db(),
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type = 'timestamp without time zone'`,
    );
    expect(naive).toEqual([]);
  });

  it("has an index leading with tenant_id on every tenant-owned table", async () => {
    const missing = await rows<{ table_name: string }>(
      db(),
      sql`select c.table_name from information_schema.columns c
          where c.table_schema = 'public' and c.column_name = 'tenant_id' and c.is_nullable = 'NO'
            and not exists (
              select 1 from pg_index i join pg_class t on t.oid = i.indrelid
              join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
              where t.relname = c.table_name and a.attname = 'tenant_id')
          order by 1`,
    );
    expect(missing).toEqual([]);
  });

  it("leads every index of a tenant-owned table with tenant_id, but for the justified exceptions", async () => {
    // Lookups that happen before the tenant is known or on keys unique across tenants. A new entry
    // needs a reason as good as these; everything else leads with tenant_id (RLS, Citus, plans).
    const exceptions: Record<string, string> = {
      users_username_key: "sign-in finds the user by name before the tenant is known; names are unique across tenants",
      user_roles_user_id_role_pk: "read by user id on every request (actor loading); the user id fixes the tenant",
      user_features_user_id_feature_pk: "read by user id on every request (actor loading); the user id fixes the tenant",
      user_organizations_member_key: "read by user id on every request (actor loading); the user id fixes the tenant",
      auth_tokens_hash_key: "a reset or registration link is looked up by its hash before anyone is signed in",
      tenant_integrations_token_hash_key: "an integration presents its token (looked up by hash) before its tenant is known",
      student_data_collection_assignments_token_key: "the KRA and ELA apps open a child's test by its token alone",
      tenant_host_aliases_hostPrefix_unique: "the host name selects the tenant: it is looked up to find the tenant",
      files_bucket_key_idx: "storage keys are unique per bucket across tenants; signed storage URLs name the key only",
      sign_in_attempts_username_idx: "lockout counts attempts by name before the tenant is known (tenant is null for unknown names)",
      sign_in_attempts_address_idx: "rate limits count attempts by address before the tenant is known",
    };
    const notLeading = await rows<{ index: string }>(
      db(),
      sql`select x.relname as index
          from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
          left join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
          where n.nspname = 'public'
            and exists (select 1 from pg_attribute c where c.attrelid = t.oid and c.attname = 'tenant_id' and not c.attisdropped)
            and a.attname is distinct from 'tenant_id'
            -- the table's own surrogate key: the target of (tenant_id, id) pairs and id lookups
            and not (i.indisprimary and i.indnatts = 1 and a.attname = 'id')`,
    );
    expect(notLeading.map((r) => r.index).sort()).toEqual(Object.keys(exceptions).sort());
  });

  it("keys every reference between tenant-owned tables by (tenant_id, id), so no row points into another tenant", async () => {
    // Parents whose tenant_id may be null (shared rows) cannot be keyed so; a trigger checks instead.
    const exceptions: Record<string, string> = {
      // PostgreSQL cut this generated name at 63 characters.
      acknowledgement_acceptances_acknowledgement_id_acknowledgements: "shared acknowledgements have no tenant; checked by trigger (0005)",
      data_collections_assessment_id_assessments_id_fk: "shared assessments have no tenant; checked by trigger (0005)",
    };
    const keys = await rows<{ name: string; columns: string[]; parent_columns: string[]; on_delete: string; nulls_tenant: boolean }>(
      db(),
      sql`select c.conname as name,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as parent_columns,
            c.confdeltype::text as on_delete,
            -- ON DELETE SET NULL without a column list would null tenant_id too (and fail: it is not null)
            (c.confdeltype = 'n' and (c.confdelsetcols is null or
              (select attnum from pg_attribute where attrelid = c.conrelid and attname = 'tenant_id') = any(c.confdelsetcols))) as nulls_tenant
          from pg_constraint c
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace
            and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'tenant_id' and not a.attisdropped)
            and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'tenant_id' and not a.attisdropped)`,
    );
    expect(keys.length).toBeGreaterThan(60);
    const unkeyed = keys.filter((k) => k.columns[0] !== "tenant_id" || k.parent_columns[0] !== "tenant_id" || k.columns.length !== 2).map((k) => k.name);
    expect(unkeyed.sort()).toEqual(Object.keys(exceptions).sort());
    expect(keys.filter((k) => k.nulls_tenant).map((k) => k.name)).toEqual([]);
  });

  it("isolates every tenant-owned table with row-level security, forced, under the tenant policy", async () => {
    // A new tenant-owned table gets it in its migration: select apply_tenant_isolation('the_table').
    const unguarded = await rows<{ table: string; rls: boolean; forced: boolean; policies: string[] }>(
      db(),
      sql`select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            array(select p.policyname::text from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
    );
    expect(unguarded.length).toBeGreaterThan(45);
    const expected = "system_access,tenant_isolation";
    expect(unguarded.filter((t) => !t.rls || !t.forced || t.policies.sort().join() !== expected).map((t) => t.table)).toEqual([]);
    // The pass-all policy is the owner's alone (the asSystem path), never the application role's.
    const passes = await rows<{ roles: string[] }>(db(), sql`select distinct roles::text[] as roles from pg_policies where policyname = 'system_access'`);
    const [owner] = await rows<{ name: string }>(db(), sql`select current_user as name`);
    expect(passes).toEqual([{ roles: [owner.name] }]);
    const policies = await rows<{ table: string; using: string; check: string }>(
      db(),
      sql`select tablename as table, qual as using, with_check as check from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation'`,
    );
    const own = /^\(tenant_id = \(NULLIF\(current_setting\('app\.tenant_id'::text, true\), ''::text\)\)::integer\)$/;
    for (const p of policies) {
      expect(p.check, p.table).toMatch(own);
      if (p.table === "assessments" || p.table === "acknowledgements") expect(p.using).toMatch(/^\(\(tenant_id IS NULL\) OR /);
      else expect(p.using, p.table).toMatch(own);
    }
  });

  it("gives the application role what it needs and no way around the policies", async () => {
    const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      db(),
      sql`select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const missing = await rows<{ table: string }>(
      db(),
      sql`select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and not has_table_privilege(${APP_ROLE}, c.oid, 'select, insert')`,
    );
    expect(missing).toEqual([]);
    const rewrite = await rows<{ table: string }>(
      db(),
      sql`select t as table from unnest(array['score_history', 'audit_log']) t
          where has_table_privilege(${APP_ROLE}, t, 'update') or has_table_privilege(${APP_ROLE}, t, 'delete')`,
    );
    expect(rewrite).toEqual([]);
  });
});
