import { z } from "zod";

/* Answers (response schemas) for a collection's content, as the spec's collection item names it. */

const collectionItem = z.object({
  id: z.number().int().describe("The assessment item"),
  code: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  itemType: z.string().nullable(),
  sortOrder: z.number().int(),
  assessment_item_heirarchy_id: z.number().int().nullable().describe("The domain the item counts towards (spec spelling)"),
  parentScalesDirectoryId: z.number().int().nullable().describe("The scale the item is rated on in this collection"),
  parentDataCollectionsSetId: z.number().int().nullable().describe("The first of the collection's sets holding the item"),
  materials: z.string().nullable(),
});
export type CollectionItem = z.infer<typeof collectionItem>;

const scaleEntry = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  score: z.number().nullable().describe("Points; null for codes that are not a rating (N, NE)"),
  color: z.string().nullable(),
  sortOrder: z.number().int(),
});

const scale = z.object({ id: z.number().int(), code: z.string(), label: z.string(), entries: z.array(scaleEntry) });
export type CollectionScale = z.infer<typeof scale>;

const hierarchyItem = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable().describe("The domain above; null for a top-level domain"),
  code: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type CollectionHierarchyItem = z.infer<typeof hierarchyItem>;

const setItem = z.object({
  parentAssessmentItemId: z.number().int(),
  label: z.string().nullable(),
  code: z.string().nullable(),
  priority: z.number().int(),
});

const collectionSet = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string().nullable(),
  priority: z.number().int(),
  parentDataCollectionId: z.number().int(),
  setItems: z.array(setItem),
});
export type CollectionSet = z.infer<typeof collectionSet>;

export const collectionItemsResponse = z.object({ assessmentItems: z.array(collectionItem) });
export const collectionScalesResponse = z.object({ scales: z.array(scale) });
export const collectionHierarchyItemsResponse = z.object({ hierarchyItems: z.array(hierarchyItem) });
export const collectionSetsResponse = z.object({ dataCollectionsSets: z.array(collectionSet) });
