import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listStudents } from "@/lib/students/admin-list";
import { createStudent, updateStudent } from "@/lib/students/admin-save";
import { createStudentBody, studentListQuery, studentListResponse, studentResponse, updateStudentBody } from "@/lib/students/schemas";

export const GET = apiRoute(
  {
    summary: "One page of the students within the admin's reach: search (state id prefix, name start), location, district, status, sort",
    tags: ["Students"],
    permission: "students.manage",
    query: studentListQuery,
    response: studentListResponse,
  },
  async ({ actor, query }) => listStudents(actor, query),
);

export const POST = apiRoute(
  {
    summary: "Create a student with its point-of-authority enrollment at a location in reach",
    tags: ["Students"],
    permission: "students.manage",
    body: createStudentBody,
    response: studentResponse,
  },
  async ({ actor, body, req, requestId }) => ({ student: await createStudent(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a student's demographics (spec: PUT /students with student)",
    tags: ["Students"],
    permission: "students.manage",
    body: updateStudentBody,
    response: studentResponse,
  },
  async ({ actor, body, req, requestId }) => ({ student: await updateStudent(actor, body.student, originOf(req, requestId)) }),
);
