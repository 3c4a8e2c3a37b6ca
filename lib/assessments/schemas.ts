import { z } from "zod";

/* Answers (response schemas). */

export const assessmentsResponse = z.object({
  assessments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      author: z.string().nullable(),
      isEncapsulated: z.boolean().describe("Delivered whole by the KRA/ELA apps, not item by item"),
      taxonomy: z.string(),
      isKra: z.boolean().describe("The SUMMATIVE taxonomy; every other is an ELA assessment"),
      tenantId: z.number().int().nullable().describe("null: shared by every tenant"),
      createdAt: z.number().int().nullable().describe("Unix seconds"),
      updatedAt: z.number().int().nullable().describe("Unix seconds"),
    }),
  ),
});
