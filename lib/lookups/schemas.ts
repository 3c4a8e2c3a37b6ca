import { z } from "zod";
import { TENANT_FIELD_TYPES } from "@/db/schema";

/** Entity and field names are identifiers (StudentsEnrollments, input_1), never free text. */
const identifier = z.string().trim().min(1, "Must not be empty").max(100, "Is too long").regex(/^[A-Za-z][A-Za-z0-9_]*$/, "Must be a field name");

export const tenantFieldsQuery = z.object({
  entity: identifier.optional(),
  entityField: identifier.optional(),
  tenantFieldType: z.enum(TENANT_FIELD_TYPES, { error: `Must be one of: ${TENANT_FIELD_TYPES.join(", ")}` }).optional(),
});
export type TenantFieldsQuery = z.infer<typeof tenantFieldsQuery>;
