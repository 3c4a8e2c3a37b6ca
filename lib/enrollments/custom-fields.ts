import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { tenantFields } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { badRequest, type FieldError } from "@/lib/platform/errors";
import { CUSTOM_KEYS, type CustomKey } from "./schemas";

/**
 * The tenant's custom enrollment fields (tenant_fields, entity StudentsEnrollments, entity fields
 * input_1..input_10 and option_1..option_10). Values are stored as text; a numeric field's value is
 * checked as a number and answered as one (spec §5: numeric fields are sent as numbers).
 */
const ENROLLMENT_ENTITY = "StudentsEnrollments";

export interface CustomField {
  key: CustomKey;
  label: string;
  dataType: "text" | "number" | "select" | "date" | "boolean";
  options: { value: string; label: string }[];
  required: boolean;
}

/** "input_3" -> "input3"; anything else is not an enrollment slot. */
function slotOf(entityField: string): CustomKey | null {
  const key = entityField.replace("_", "") as CustomKey;
  return CUSTOM_KEYS.includes(key) ? key : null;
}

/** The tenant's enrollment fields in display order. Run inside the caller's forTenant. */
export async function enrollmentFields(actor: Actor): Promise<CustomField[]> {
  const found = await db()
    .select()
    .from(tenantFields)
    .where(and(eq(tenantFields.tenantId, actor.tenantId), eq(tenantFields.entity, ENROLLMENT_ENTITY)))
    .orderBy(tenantFields.sortOrder, tenantFields.entityField);
  return found.flatMap((f) => {
    const key = slotOf(f.entityField);
    return key ? [{ key, label: f.label, dataType: f.dataType, options: f.options, required: f.required }] : [];
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One value as stored (text), or an error message for the field. */
function storedValue(field: CustomField, value: string | number): string | { error: string } {
  switch (field.dataType) {
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) && String(value).trim() !== "" ? String(n) : { error: "Must be a number" };
    }
    case "select":
      return field.options.some((o) => o.value === String(value))
        ? String(value)
        : { error: `Must be one of: ${field.options.map((o) => o.value).join(", ")}` };
    case "date":
      return DATE.test(String(value)) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? String(value) : { error: "Must be a date (YYYY-MM-DD)" };
    case "boolean":
      return ["true", "false"].includes(String(value)) ? String(value) : { error: "Must be true or false" };
    default:
      return String(value);
  }
}

/**
 * The custom values a PUT sent, checked against the tenant's fields: blank is null, a required field
 * may not be blanked, a slot the tenant has not defined takes no value. Throws one 400 with every
 * field's message; nothing is written.
 */
export function checkCustomValues(
  fields: CustomField[],
  sent: Partial<Record<CustomKey, string | number | null | undefined>>,
): Partial<Record<CustomKey, string | null>> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const values: Partial<Record<CustomKey, string | null>> = {};
  const errors: FieldError[] = [];
  for (const key of CUSTOM_KEYS) {
    const value = sent[key];
    if (value === undefined) continue;
    const field = byKey.get(key);
    if (value === null) {
      if (field?.required) errors.push({ field: key, message: "Is required" });
      else values[key] = null;
      continue;
    }
    if (!field) {
      errors.push({ field: key, message: "Is not a custom field of this tenant" });
      continue;
    }
    const stored = storedValue(field, value);
    if (typeof stored === "string") values[key] = stored;
    else errors.push({ field: key, message: stored.error });
  }
  if (errors.length) throw badRequest("Please check the enrollment's fields", errors);
  return values;
}

/** A stored value as answered: numbers for numeric fields. */
export function answeredValue(field: CustomField | undefined, stored: string | null): string | number | null {
  if (stored === null || field?.dataType !== "number") return stored;
  const n = Number(stored);
  return Number.isFinite(n) ? n : stored;
}
