import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { enrollmentInScope, field, type ReportContext, type Sheet } from "./sheet";

/**
 * The exports (CSV by default): students, enrollments and teachers of a school year, meaning those
 * whose enrollments in scope are assigned to one of the year's collections.
 */

/** Condition: the enrollment aliased `e` is assigned to a collection of the report's school year. */
function inYear(context: ReportContext): SQL {
  const t = context.tenantId;
  return sql`exists (select 1 from student_data_collection_assignments ya
    join data_collections yc on yc.tenant_id = ${t} and yc.id = ya.data_collection_id and yc.school_year_id = ${context.schoolYearId} and yc.deleted_at is null
    where ya.tenant_id = ${t} and ya.student_enrollment_id = e.id)`;
}

export function exportStudentsSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "Students",
    columns: [
      field("State ID", "state_id", { text: true }),
      field("First Name", "first_name"),
      field("Middle Name", "middle_name"),
      field("Last Name", "last_name"),
      field("Birth Date", "dob"),
      field("Gender", "gender"),
      field("ELL", "ell"),
      field("Low SES", "low_ses"),
      field("Special Education", "special_education"),
      field("Disability Code", "disability_code", { text: true }),
      field("Race Code", "race"),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location"),
    ],
    query: sql`select s.tenant_unique_id as state_id, s.first_name, s.middle_name, s.last_name, s.dob::text as dob, s.gender::text as gender,
        s.english_language_learner as ell, s.low_ses, s.special_education, s.special_education_disability_code as disability_code, s.race,
        l.unique_id as location_code, l.name as location
      from students s left join locations l on l.tenant_id = ${t} and l.id = s.parent_location_id
      where s.tenant_id = ${t} and s.merged_into_student_id is null
        and exists (select 1 from student_enrollments e where e.tenant_id = ${t} and e.student_id = s.id and ${enrollmentInScope(context)} and ${inYear(context)})
      order by lower(s.last_name), lower(s.first_name), s.id`,
  };
}

export function exportEnrollmentsSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "Enrollments",
    columns: [
      field("Enrollment ID", "enrollment_id"),
      field("State ID", "state_id", { text: true }),
      field("Region", "region"),
      field("District ID", "district_code", { text: true }),
      field("District", "district"),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location"),
      field("Point of Authority", "poa"),
      field("Active", "active"),
      field("Prior Care", "prior_care"),
      field("Enrolled On", "enrolled_on"),
    ],
    query: sql`select e.id as enrollment_id, s.tenant_unique_id as state_id, r.name as region, d.unique_id as district_code, d.name as district,
        l.unique_id as location_code, l.name as location, e.is_point_of_authority as poa, e.active, e.prior_care, e.created_at::date::text as enrolled_on
      from student_enrollments e
      join students s on s.tenant_id = ${t} and s.id = e.student_id
      join regions r on r.tenant_id = ${t} and r.id = e.region_id
      join districts d on d.tenant_id = ${t} and d.id = e.district_id
      join locations l on l.tenant_id = ${t} and l.id = e.location_id
      where e.tenant_id = ${t} and ${enrollmentInScope(context)} and ${inYear(context)}
      order by d.name, l.name, lower(s.last_name), lower(s.first_name), e.id`,
  };
}

export function exportTeachersSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "Teachers",
    columns: [
      field("User ID", "user_id"),
      field("Tenant Member ID", "member_id", { text: true }),
      field("First Name", "first_name"),
      field("Last Name", "last_name"),
      field("Email", "email"),
      field("Enabled", "enabled"),
      field("District", "district"),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location"),
      field("Rostered Students", "students"),
    ],
    query: sql`select u.id as user_id, u.tenant_member_id as member_id, u.first_name, u.last_name, u.email, u.enabled,
        d.name as district, l.unique_id as location_code, l.name as location, count(distinct e.id) as students
      from enrollment_associations ea
      join student_enrollments e on e.tenant_id = ${t} and e.id = ea.student_enrollment_id
      join users u on u.tenant_id = ${t} and u.id = ea.user_id
      join locations l on l.tenant_id = ${t} and l.id = ea.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      where ea.tenant_id = ${t} and e.active and ${enrollmentInScope(context)} and ${inYear(context)}
        and exists (select 1 from user_roles ur where ur.tenant_id = ${t} and ur.user_id = u.id and ur.role = 'ROLE_TEACHER')
      group by u.id, u.tenant_member_id, u.first_name, u.last_name, u.email, u.enabled, d.name, l.id, l.unique_id, l.name
      order by d.name, l.name, lower(u.last_name), lower(u.first_name), u.id`,
  };
}
