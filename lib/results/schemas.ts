import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* A child's results across collections and school years (issue 24): the API's shapes. */

export const childParams = z.object({ id: idSchema("Student id must be a positive whole number") });

const level = z.object({ code: z.string(), label: z.string(), min: z.number(), max: z.number() });

const assessment = z.object({
  id: z.number().int(),
  name: z.string(),
  isKra: z.boolean().describe("The SUMMATIVE taxonomy: given once, at kindergarten entry"),
  levels: z.array(level).describe("Performance levels, lowest first, as the newest of the child's collections of it states them"),
  scale: z.object({ min: z.number(), max: z.number() }).nullable().describe("The overall scale score's range (scaleScore, else the levels' bounds)"),
});

const change = z
  .object({
    fromDataCollectionId: z.number().int(),
    fromCollectionName: z.string(),
    overallScore: z.number().int().nullable().describe("This overall scale score minus the previous one; null unless both are set"),
    fromLevel: z.string().nullable(),
    fromLevelLabel: z.string().nullable(),
    direction: z.enum(["up", "down", "same"]).nullable().describe("The level against the previous one, by the levels' order; null unless both are set"),
  })
  .describe("Against the child's previous result in the same assessment; null for the first");

export const childResult = z.object({
  dataCollectionId: z.number().int(),
  collectionName: z.string(),
  schoolYear: z.object({ id: z.number().int(), label: z.string() }),
  window: z.string().describe("Kindergarten entry for a KRA; a checkpoint (Fall, Winter, Spring ...) for an ELA collection"),
  assessmentId: z.number().int(),
  cycleStartDate: z.number().int().describe("Unix seconds"),
  locationName: z.string().describe("The school of the enrollment the result belongs to"),
  scoredItems: z.number().int(),
  totalItems: z.number().int(),
  progress: z.number().int().describe("0-100"),
  overallScore: z.number().int().nullable().describe("Set once every domain is scored"),
  performanceLevel: z.string().nullable(),
  levelLabel: z.string().nullable().describe("The level in the assessment's words, else its code"),
  domains: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      score: z.number().int().nullable().describe("Scale score, set once the domain's items are all scored"),
      change: z.number().int().nullable().describe("Against the previous result's score in the domain; null unless both are set"),
    }),
  ),
  change: change.nullable(),
});

export const childResultsResponse = z.object({
  studentId: z.number().int(),
  assessments: z.array(assessment),
  results: z.array(childResult).describe("Ordered by school year, then window (cycle start)"),
});

export type ChildResult = z.infer<typeof childResult>;
export type ChildResults = z.infer<typeof childResultsResponse>;
export type ChildAssessment = z.infer<typeof assessment>;
