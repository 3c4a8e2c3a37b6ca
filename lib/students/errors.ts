import { AppError } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";

/** The unique index (tenant_id, tenant_unique_id) of students: one state student id per tenant. */
const STUDENT_STATE_ID_INDEX = "students_tenant_unique_id_key";
const STUDENT_STATE_ID_MESSAGE = "Student State ID must be unique";

export const isStudentStateIdViolation = (error: unknown) => isUniqueViolation(error, STUDENT_STATE_ID_INDEX);

/**
 * Turn the database's refusal of a duplicate state id into the spec's message (409, on the
 * tenantUniqueId field); any other error passes through unchanged. Use as `.catch(mapStudentErrors)`
 * or in a catch block: `throw mapStudentErrors(error)`.
 */
export function mapStudentErrors(error: unknown): never {
  if (isStudentStateIdViolation(error)) {
    throw new AppError(409, STUDENT_STATE_ID_MESSAGE, [{ field: "tenantUniqueId", message: STUDENT_STATE_ID_MESSAGE }]);
  }
  throw error;
}
