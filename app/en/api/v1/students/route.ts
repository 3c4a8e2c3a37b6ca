import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listStudents } from "@/lib/students/admin-list";
import { createStudent, editStudent } from "@/lib/students/admin-save";
import { createStudentBody, editedStudentResponse, studentListQuery, studentListResponse, studentResponse, updateStudentBody } from "@/lib/students/schemas";

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
    summary: "Edit a student's demographics and, when named, one of the child's enrollments (spec: PUT /students with student and enrollment)",
    tags: ["Students"],
    permission: "students.manage",
    body: updateStudentBody,
    response: editedStudentResponse,
  },
  async ({ actor, body, req, requestId }) => editStudent(actor, body, originOf(req, requestId)),
);
