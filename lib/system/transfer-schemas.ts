import { z } from "zod";

/**
 * The assessment export file (GET /assessments/{id}/export), which POST /assessments/import takes
 * back as a new copy. Rows refer to each other by code, never by id, so a file imports anywhere.
 */
export const EXPORT_FORMAT = "assessment-export";

const text = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().max(max).nullable().default(null);
const code = z.string().trim().min(1).max(30);
const order = z.number().int().min(0).max(100_000).default(0);

export const assessmentDocument = z.object({
  format: z.literal(EXPORT_FORMAT, { error: "This is not an assessment export file" }),
  version: z.literal(1, { error: "This export file's version is not supported" }),
  assessment: z.object({
    name: text(200),
    description: optional(2000),
    author: optional(200),
    taxonomy: text(50),
    isEncapsulated: z.boolean().default(false),
    configuration: z.record(z.string(), z.unknown()).default({}),
  }),
  hierarchyItems: z
    .array(z.object({ code, label: text(200), description: optional(2000), sortOrder: order, parentCode: code.nullable().default(null) }))
    .max(2000)
    .default([]),
  scales: z
    .array(
      z.object({
        code,
        label: text(200),
        entries: z
          .array(
            z.object({
              code: z.string().trim().min(1).max(10),
              label: text(200),
              score: z.number().min(-1000).max(1000).nullable().default(null),
              color: z.string().max(20).nullable().default(null),
              sortOrder: order,
            }),
          )
          .max(100)
          .default([]),
      }),
    )
    .max(200)
    .default([]),
  items: z
    .array(
      z.object({
        code,
        label: text(300),
        description: optional(4000),
        itemType: optional(50),
        sortOrder: order,
        hierarchyCode: code.nullable().default(null),
        scaleCode: code.nullable().default(null),
        entries: z
          .array(z.object({ kind: z.string().min(1).max(30).default("text"), label: optional(200), content: text(10_000), sortOrder: order }))
          .max(200)
          .default([]),
        resources: z
          .array(z.object({ fileName: text(1024), originalFileName: text(255), sizeBytes: z.number().int().min(0), contentType: optional(255) }))
          .max(50)
          .default([]),
      }),
    )
    .max(5000)
    .default([]),
});
export type AssessmentDocument = z.infer<typeof assessmentDocument>;
