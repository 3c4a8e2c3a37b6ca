import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* The assessment editor's inputs (spec §7 System administration) and answers. */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    // Left out stays left out (an edit keeps the value); "" and null clear it.
    .transform((v) => (v === undefined ? undefined : v || null));
const id = (label: string) => idSchema(`${label} is not valid`);
const code = (label: string) => text(label, 30).regex(/^[A-Za-z0-9._-]+$/, `${label} may hold letters, digits, dot, dash and underscore only`);
const sortOrder = z.coerce.number().int("Order must be a whole number").min(0, "Order must be 0 or more").max(100_000).optional();

export const idBody = z.object({ id: id("Id") });
export const assessmentParams = z.object({ id: id("Assessment") });
export const itemParams = z.object({ id: id("Assessment"), itemId: id("Item") });
export const scaleParams = z.object({ id: id("Assessment"), scaleId: id("Scale") });
export const resourceParams = z.object({ id: id("Assessment"), itemId: id("Item"), resourceId: id("Resource") });

const assessmentFields = {
  name: text("Name", 200),
  description: optionalText("Description", 2000),
  author: optionalText("Author", 200),
  taxonomy: text("Taxonomy", 50).transform((v) => v.toUpperCase()),
  isEncapsulated: z.boolean().optional(),
};
export const createAssessmentBody = z.object({ ...assessmentFields, tenantId: id("Tenant").nullish() });
export const updateAssessmentBody = z.object({ id: id("Id"), ...z.object(assessmentFields).partial().shape });
export type CreateAssessment = z.infer<typeof createAssessmentBody>;
export type UpdateAssessment = z.infer<typeof updateAssessmentBody>;

const hierarchyFields = {
  code: code("Code"),
  label: text("Label", 200),
  description: optionalText("Description", 2000),
  parentId: id("Parent").nullish(),
  sortOrder,
};
export const createHierarchyBody = z.object(hierarchyFields);
export const updateHierarchyBody = z.object({ id: id("Id"), ...z.object(hierarchyFields).partial().shape });
export type CreateHierarchy = z.infer<typeof createHierarchyBody>;
export type UpdateHierarchy = z.infer<typeof updateHierarchyBody>;

const itemFields = {
  code: code("Code"),
  label: text("Label", 300),
  description: optionalText("Description", 4000),
  assessmentItemHierarchyId: id("Hierarchy item").nullish(),
  scaleId: id("Scale").nullish(),
  itemType: optionalText("Item type", 50),
  sortOrder,
};
export const createItemBody = z.object(itemFields);
export const updateItemBody = z.object({ id: id("Id"), ...z.object(itemFields).partial().shape });
export type CreateItem = z.infer<typeof createItemBody>;
export type UpdateItem = z.infer<typeof updateItemBody>;

const scaleFields = { code: code("Code"), label: text("Label", 200) };
export const createScaleBody = z.object(scaleFields);
export const updateScaleBody = z.object({ id: id("Id"), ...z.object(scaleFields).partial().shape });

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must look like #1a2b3c")
  .nullish()
  .or(z.literal("").transform(() => null));
const scaleEntryFields = {
  code: text("Code", 10),
  label: text("Label", 200),
  score: z.coerce.number({ error: "Score must be a number" }).min(-1000, "Score is out of range").max(1000, "Score is out of range").nullish(),
  color,
  sortOrder,
};
export const createScaleEntryBody = z.object(scaleEntryFields);
export const updateScaleEntryBody = z.object({ id: id("Id"), ...z.object(scaleEntryFields).partial().shape });
export type CreateScaleEntry = z.infer<typeof createScaleEntryBody>;

const ITEM_ENTRY_KINDS = ["text", "prompt", "directions", "rubric"] as const;
const itemEntryFields = {
  kind: z.enum(ITEM_ENTRY_KINDS, { error: "Kind must be text, prompt, directions or rubric" }).default("text"),
  label: optionalText("Label", 200),
  content: text("Content", 10_000),
  sortOrder,
};
export const createItemEntryBody = z.object(itemEntryFields);
// The kind's default is for a new entry only: an edit that leaves it out keeps the entry's kind.
export const updateItemEntryBody = z.object({
  id: id("Id"),
  ...z.object(itemEntryFields).partial().shape,
  kind: itemEntryFields.kind.removeDefault().optional(),
});
export type CreateItemEntry = z.infer<typeof createItemEntryBody>;

/** POST .../resources {fileName, sizeBytes}: fileName is the s3FileName complete-multipart-upload answered. */
export const createResourceBody = z.object({
  fileName: text("File name", 1024),
  sizeBytes: z.number({ error: "File size is required" }).int("File size must be a whole number of bytes").min(1, "File size must be greater than 0"),
});

/* Answers. */

const nullableText = z.string().nullable();
export const assessmentWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: nullableText,
  author: nullableText,
  taxonomy: z.string(),
  isEncapsulated: z.boolean(),
  isKra: z.boolean().describe("The SUMMATIVE taxonomy; every other is an ELA assessment"),
  tenantId: z.number().int().nullable().describe("null: shared by every tenant"),
});
const hierarchyItemWire = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  label: z.string(),
  description: nullableText,
  sortOrder: z.number().int(),
});
const itemWire = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  code: z.string(),
  label: z.string(),
  description: nullableText,
  assessmentItemHierarchyId: z.number().int().nullable(),
  scaleId: z.number().int().nullable(),
  itemType: nullableText,
  sortOrder: z.number().int(),
});
export const scaleEntryWire = z.object({
  id: z.number().int(),
  scaleId: z.number().int(),
  code: z.string(),
  label: z.string(),
  score: z.number().nullable(),
  color: nullableText,
  sortOrder: z.number().int(),
});
const scaleWire = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  code: z.string(),
  label: z.string(),
  entries: z.array(scaleEntryWire),
});
const itemEntryWire = z.object({
  id: z.number().int(),
  assessmentItemId: z.number().int(),
  kind: z.string(),
  label: nullableText,
  content: z.string(),
  sortOrder: z.number().int(),
});
const resourceWire = z.object({
  id: z.number().int(),
  assessmentItemId: z.number().int(),
  fileName: z.string().describe("The storage key (s3FileName)"),
  originalFileName: z.string(),
  sizeBytes: z.number().int(),
  contentType: nullableText,
});

export const assessmentResponse = z.object({ assessment: assessmentWire });
export const assessmentDetailResponse = z.object({
  assessment: assessmentWire,
  hierarchyItems: z.array(hierarchyItemWire),
  scales: z.array(scaleWire),
  assessmentItems: z.array(itemWire),
});
export const hierarchyItemsResponse = z.object({ hierarchyItems: z.array(hierarchyItemWire) });
export const hierarchyItemResponse = z.object({ hierarchyItem: hierarchyItemWire });
export const itemsResponse = z.object({ assessmentItems: z.array(itemWire) });
export const itemResponse = z.object({ assessmentItem: itemWire });
export const scalesResponse = z.object({ scales: z.array(scaleWire) });
export const scaleResponse = z.object({ scale: scaleWire });
export const scaleEntriesResponse = z.object({ entries: z.array(scaleEntryWire) });
export const scaleEntryResponse = z.object({ entry: scaleEntryWire });
export const itemEntriesResponse = z.object({ entries: z.array(itemEntryWire) });
export const itemEntryResponse = z.object({ entry: itemEntryWire });
export const resourcesResponse = z.object({ resources: z.array(resourceWire) });
export const resourceResponse = z.object({ resource: resourceWire });
export const deletedResponse = z.object({ id: z.number().int() });
