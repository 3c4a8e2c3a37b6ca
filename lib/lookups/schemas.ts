import { z } from "zod";
import { TENANT_FIELD_DATA_TYPES, TENANT_FIELD_TYPES } from "@/db/schema";

/** Entity and field names are identifiers (StudentsEnrollments, input_1), never free text. */
const identifier = z
  .string()
  .trim()
  .min(1, "Must not be empty")
  .max(100, "Is too long")
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "Must be a field name");

export const tenantFieldsQuery = z.object({
  entity: identifier.optional(),
  entityField: identifier.optional(),
  tenantFieldType: z.enum(TENANT_FIELD_TYPES, { error: `Must be one of: ${TENANT_FIELD_TYPES.join(", ")}` }).optional(),
});
export type TenantFieldsQuery = z.infer<typeof tenantFieldsQuery>;

/* Answers (response schemas). */

export const raceCodesResponse = z.object({
  raceCodes: z.array(
    z.object({ id: z.number().int(), code: z.string(), label: z.string(), value: z.number().int().describe("A bit; a student's race is the sum") }),
  ),
});

export const tenantFieldsResponse = z.object({
  tenantsFields: z.array(
    z.object({
      id: z.number().int(),
      tenantId: z.number().int(),
      entity: z.string(),
      entityField: z.string(),
      tenantFieldType: z.enum(TENANT_FIELD_TYPES),
      label: z.string(),
      dataType: z.enum(TENANT_FIELD_DATA_TYPES),
      options: z.array(z.object({ value: z.string(), label: z.string() })),
      required: z.boolean(),
      mustBeUnique: z.boolean(),
      sortOrder: z.number().int(),
    }),
  ),
});
