import type { Column } from "./columns";

/** Type `rosters`: one child on one teacher's roster at a school a row (the rosters API's POST /user-students-associations). */
export const ROSTER_COLUMNS: Column[] = [
  { name: "studentStateId", required: true, text: true, description: "The child's state id; the child must have an active enrollment at the school" },
  { name: "locationId", required: true, description: "The school (its id, within your reach)" },
  {
    name: "teacherEmail",
    required: false,
    text: true,
    description: "The teacher's email; give this or teacherTenantMemberId. The teacher must be a teacher (ROLE_TEACHER) of the school",
  },
  { name: "teacherTenantMemberId", required: false, text: true, description: "Or the teacher's tenant member id" },
];
