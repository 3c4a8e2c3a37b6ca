import { z } from "zod";
import { FILTER_TYPES } from "@/db/schema/reporting";
import { idSchema } from "@/lib/platform/schemas";
import { DISPLAY_ROLES, DISPLAY_TYPES } from "./model";

/* Data displays and their saved filters (spec §3, §4, §7 'Data displays and filters'). */

const COLLECTION = "Data collection id must be a positive whole number";
const optionalId = (message: string) => idSchema(message).optional();

export const displayParams = z.object({
  role: z.enum(DISPLAY_ROLES, { error: "Role must be teacher or admin" }),
  type: z.enum(DISPLAY_TYPES, { error: `Type must be one of ${DISPLAY_TYPES.join(", ")}` }),
});

export const displayQuery = z.object({
  dataCollectionId: idSchema(COLLECTION),
  domain: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, "Domain must be a domain code such as LL")
    .optional()
    .describe("The single-domain view's domain (default LL)"),
  regionId: optionalId("Region id must be a positive whole number").describe("Admin drill-down: a region"),
  districtId: optionalId("District id must be a positive whole number").describe("Admin drill-down: a district of that region"),
  locationId: optionalId("Location id must be a positive whole number").describe("Admin drill-down: a school of that district"),
  teacherId: optionalId("Teacher id must be a positive whole number").describe("Admin drill-down: a teacher's class at that school"),
});

export const displayUrlResponse = z.object({
  url: z.string().describe("Signed URL of the computed display; GET it (no further authorisation) before expiresAt"),
  expiresAt: z.number().int().describe("Unix seconds"),
});

export const displayResultQuery = z.object({
  tenant: z.string().optional(),
  id: z.string().optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

const stats = z.object({
  students: z.number().int(),
  assessed: z.number().int(),
  levels: z.record(z.string(), z.number().int()),
  domains: z.record(z.string(), z.object({ assessed: z.number().int(), mean: z.number().nullable(), levels: z.record(z.string(), z.number().int()) })),
});
const unitKind = z.enum(["state", "region", "district", "location", "class"]);
const position = z.object({ kind: unitKind, id: z.number().int().nullable(), name: z.string() });

export const displayResultResponse = z.object({
  role: z.enum(DISPLAY_ROLES),
  type: z.enum(DISPLAY_TYPES),
  dataCollectionId: z.number().int(),
  collectionName: z.string(),
  pldVersion: z.number().int(),
  domainVersion: z.number().int(),
  domain: z.string(),
  levels: z.array(z.object({ code: z.string(), label: z.string(), min: z.number(), max: z.number() })),
  domains: z.array(z.object({ code: z.string(), label: z.string() })),
  scope: position,
  path: z.array(position),
  total: stats,
  children: z.array(z.object({ kind: unitKind, id: z.number().int(), name: z.string(), stats })),
  students: z
    .array(
      z.object({
        id: z.number().int(),
        first_name: z.string(),
        last_name: z.string(),
        gender: z.string(),
        iep: z.boolean(),
        ell: z.boolean(),
        ses: z.boolean(),
        race: z.number().int(),
        school_id: z.number().int(),
        district_id: z.number().int(),
        region_id: z.number().int(),
        cares: z.string().nullable(),
        overall_score: z.number(),
        LL_score: z.number().nullable(),
        MA_score: z.number().nullable(),
        SF_score: z.number().nullable(),
        PD_score: z.number().nullable(),
        performance_level: z.string().nullable(),
        progress: z.number().int(),
        scored_at: z.number().int().describe("Unix seconds of the child's last result change"),
      }),
    )
    .nullable()
    .describe("Progress rows: a school's or class's with every type; a district's with type=students only (null with its charts); null above a district"),
  generatedAt: z.number().int(),
});

/* Saved filters. */

const NAME = "Name is required";
const TYPE = `Filter type must be one of ${FILTER_TYPES.join(", ")}`;
const COLOR = "Color must be a hex or rgba colour";
const DATE = "Dates must be unix seconds or a date such as 2026-09-01";

/** Unix seconds, or a date (string) converted to unix seconds (spec §5). */
const filterDate = z
  .union([z.number().int().min(0), z.string().trim().min(1)], { error: DATE })
  .transform((value, ctx) => {
    if (typeof value === "number") return value;
    if (/^\d+$/.test(value)) return Number(value);
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: DATE });
      return z.NEVER;
    }
    return Math.floor(ms / 1000);
  })
  .nullable()
  .optional();

/** metadata: a JSON string (spec §3) or an object; filterType names one of the five types. */
const metadata = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: "Metadata must be a JSON object" })
  .transform((value, ctx) => {
    if (typeof value !== "string") return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: "Metadata must be a JSON object" });
    return z.NEVER;
  })
  .pipe(
    z.looseObject({
      filterType: z.enum(FILTER_TYPES, { error: TYPE }),
      fromDate: filterDate,
      toDate: filterDate,
    }),
  )
  .refine((m) => JSON.stringify(m).length <= 20_000, "Metadata must be at most 20,000 characters");

/** The collection of a filter under each of its names: the spec's dataCollectionsId (also collectionId), and dataCollectionId as elsewhere in the API. */
const collectionNames = {
  dataCollectionsId: idSchema(COLLECTION).optional(),
  collectionId: idSchema(COLLECTION).optional().describe("Same as dataCollectionsId"),
  dataCollectionId: idSchema(COLLECTION).optional().describe("Same as dataCollectionsId"),
};
type CollectionNames = { dataCollectionsId?: number; collectionId?: number; dataCollectionId?: number };

/** The one collection the names give (they must agree); required. */
const withCollection = (value: CollectionNames, ctx: z.RefinementCtx) => {
  const given = new Set([value.dataCollectionsId, value.collectionId, value.dataCollectionId].filter((v) => v !== undefined));
  if (given.size === 0) ctx.addIssue({ code: "custom", path: ["dataCollectionsId"], message: "Data collection is required" });
  if (given.size > 1)
    ctx.addIssue({
      code: "custom",
      path: ["dataCollectionsId"],
      message: "dataCollectionsId, collectionId and dataCollectionId must name the same collection",
    });
};
export const collectionOf = (value: CollectionNames) => (value.dataCollectionsId ?? value.collectionId ?? value.dataCollectionId) as number;

const filterFields = {
  name: z.string({ error: NAME }).trim().min(1, NAME).max(100, "Name must be at most 100 characters"),
  color: z
    .string({ error: COLOR })
    .regex(/^(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/, COLOR)
    .nullable()
    .optional(),
  ...collectionNames,
  metadata,
};

export const createFilterBody = z.object(filterFields).superRefine(withCollection);
/** An edit changes what it names: its name and metadata, left out, keep their values (the collection says where the filter is). */
export const updateFilterBody = z
  .object({ id: idSchema("Filter id must be a positive whole number"), ...filterFields, name: filterFields.name.optional(), metadata: metadata.optional() })
  .superRefine(withCollection);
export type FilterInput = z.infer<typeof createFilterBody>;
export type UpdateFilterInput = z.infer<typeof updateFilterBody>;

export const filterListQuery = z
  .object({ ...collectionNames, filterType: z.enum(FILTER_TYPES, { error: TYPE }).optional() })
  .superRefine(withCollection)
  .transform((value) => ({ dataCollectionId: collectionOf(value), filterType: value.filterType }));
export const filterIdParams = z.object({ id: idSchema("Filter id must be a positive whole number") });
const FILTER_ID = "Filter id must be a positive whole number";
export const collectionFilterParams = z.object({
  id: idSchema(COLLECTION),
  filterId: z
    .string({ error: FILTER_ID })
    .regex(/^\d{1,10}(\.json)?$/, FILTER_ID)
    .transform((value) => Number(value.replace(/\.json$/, "")))
    .pipe(z.number().int().min(1, FILTER_ID).max(2_147_483_647, FILTER_ID))
    .describe("The filter id, with or without the spec's .json suffix"),
});

const filter = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  dataCollectionsId: z.number().int(),
  collectionId: z.number().int(),
  filterType: z.enum(FILTER_TYPES),
  metadata: z.string().describe("JSON: filterType, fromDate and toDate (unix seconds) and the filter's own settings"),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SavedFilter = z.infer<typeof filter>;

export const filtersResponse = z.object({ filters: z.array(filter) });
export const filterResponse = z.object({ filter });
export const filterChangedResponse = z.object({ filter, message: z.string() });
export const filterDeletedResponse = z.object({ message: z.string() });

/* Checkpoint periods of a collection (spec §3 'Checkpoint period': id, color; collection-wide). */

const PERIOD_LABEL = "Period name is required";
const PERIOD_DATE = "Dates must be unix seconds";
const periodDate = (message: string) => z.number({ error: message }).int(message).min(0, message).max(4_102_444_800, message);

export const periodFields = z
  .object({
    label: z.string({ error: PERIOD_LABEL }).trim().min(1, PERIOD_LABEL).max(60, "Period name must be at most 60 characters"),
    color: z
      .string({ error: COLOR })
      .regex(/^(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/, COLOR)
      .optional()
      .describe("Defaults to the next of four colours"),
    startDate: periodDate(PERIOD_DATE).describe("Unix seconds, inclusive"),
    endDate: periodDate(PERIOD_DATE).describe("Unix seconds, inclusive"),
  })
  .refine((p) => p.endDate >= p.startDate, { path: ["endDate"], message: "A period must end after it starts" });
export type PeriodInput = z.infer<typeof periodFields>;

export const periodCollectionParams = z.object({ id: idSchema(COLLECTION) });
export const periodParams = z.object({ id: idSchema(COLLECTION), periodId: idSchema("Period id must be a positive whole number") });

const period = z.object({
  id: z.number().int(),
  dataCollectionId: z.number().int(),
  label: z.string(),
  color: z.string(),
  startDate: z.number().int().describe("Unix seconds"),
  endDate: z.number().int().describe("Unix seconds"),
});
export type CheckpointPeriodWire = z.infer<typeof period>;
export const periodsResponse = z.object({ checkpointPeriods: z.array(period) });
export const periodChangedResponse = z.object({ checkpointPeriod: period, message: z.string() });
export const periodDeletedResponse = z.object({ message: z.string() });

/* Filter layers counted on the server (a state or region lists no children to count in the browser). */

const tri = z.enum(["all", "true", "false"], { error: "IEP, ELL and SES must be all, true or false" });
const ids = (message: string) => z.array(idSchema(message), { error: message }).max(2_000, message).default([]);
export const layerCriteria = z.object({
  iep: tri.default("all"),
  ell: tri.default("all"),
  ses: tri.default("all"),
  cares: z.array(z.string().max(100), { error: "Prior care must be a list" }).max(50).default([]),
  races: z.array(z.number().int().min(1).max(512), { error: "Races must be race code bits" }).max(10).default([]),
  genders: z.array(z.string().max(20), { error: "Genders must be a list" }).max(10).default([]),
  regions: ids("Regions must be region ids"),
  districts: ids("Districts must be district ids"),
  locations: ids("Locations must be location ids"),
  students: ids("Students must be student ids"),
});
export type LayerCriteria = z.infer<typeof layerCriteria>;

export const layerCountsBody = z.object({
  dataCollectionId: idSchema(COLLECTION),
  regionId: optionalId("Region id must be a positive whole number"),
  districtId: optionalId("District id must be a positive whole number"),
  locationId: optionalId("Location id must be a positive whole number"),
  layers: z.array(layerCriteria, { error: "Layers must be a list" }).min(1, "Add a filter layer first").max(10, "At most 10 filter layers"),
});

const layerCount = z.object({
  count: z.number().int().describe("Children of the layer with a performance level"),
  levels: z.record(z.string(), z.number().int()),
  domains: z.record(z.string(), z.object({ count: z.number().int(), levels: z.record(z.string(), z.number().int()) })),
});
export type LayerCount = z.infer<typeof layerCount>;
export const layerCountsResponse = z.object({ layers: z.array(layerCount) });

/* Performance-level distributions of one assessment across school years (issue 24): GET /data-displays/years. */

export const yearsQuery = z.object({
  dataCollectionId: idSchema(COLLECTION),
  compareWith: optionalId("Compare with must be a data collection id").describe(
    "A collection of the same assessment in another school year; without it, the answer lists the collections that can be compared",
  ),
  regionId: optionalId("Region id must be a positive whole number").describe("A region (else the state within the caller's reach)"),
  districtId: optionalId("District id must be a positive whole number").describe("A district of that region"),
});

const yearDistribution = z.object({
  dataCollectionId: z.number().int(),
  collectionName: z.string(),
  schoolYear: z.string(),
  window: z.string().describe("Kindergarten entry for a KRA; the checkpoint (Fall, Winter, Spring ...) for ELA"),
  students: z.number().int().describe("Active children assigned in the unit"),
  assessed: z.number().int().describe("Children with an overall score, so a performance level"),
  levels: z.array(z.object({ code: z.string(), label: z.string(), count: z.number().int(), percent: z.number().describe("Of the assessed children, 0-100") })),
});

export const yearsResponse = z.object({
  assessment: z.object({ id: z.number().int(), name: z.string() }),
  scope: position,
  comparable: z
    .array(z.object({ dataCollectionId: z.number().int(), collectionName: z.string(), schoolYear: z.string(), window: z.string() }))
    .describe("Collections of the same assessment in other school years within the caller's reach, newest first"),
  years: z
    .array(yearDistribution)
    .describe("The chosen collection and the one compared with, oldest school year first; only the chosen one without compareWith"),
});
export type YearsComparison = z.infer<typeof yearsResponse>;
