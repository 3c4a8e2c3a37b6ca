import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* Transfers (spec §7 'Transfers'): requests, the three lists and the decision. */

export const id = idSchema("Must be a positive whole number");
export const idParams = z.object({ id });
export const tenantParams = z.object({ tenantId: id });

/** The sending side asks to move one of its enrollments to a location anywhere in the tenant. */
export const createTransferBody = z.object({
  studentId: id,
  enrollmentId: id,
  /** The receiving location. */
  locationId: id,
});
export type CreateTransferInput = z.infer<typeof createTransferBody>;

export const decideTransferBody = z.object({ isApproved: z.boolean({ error: "Must be true or false" }) });

const whole = (max: number) =>
  z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(max, `Must be ${max} or fewer`);

export const transferListQuery = z.object({
  page: whole(100_000).default(1),
  pageSize: whole(100).default(25),
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

export const TRANSFER_LISTS = ["incoming", "outgoing", "history"] as const;
export type TransferList = (typeof TRANSFER_LISTS)[number];

/* Answers. */

const place = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
});

const transferRow = z.object({
  id: z.number().int(),
  createdAt: z.number().int().describe("Unix seconds"),
  studentId: z.number().int(),
  enrollmentId: z.number().int(),
  studentFirstName: z.string(),
  studentLastName: z.string(),
  tenantUniqueId: z.string().describe("The student state id"),
  origin: place,
  destination: place,
  studentOriginDistrictUniqueId: z.string().nullable(),
  studentDestinationDistrictUniqueId: z.string().nullable(),
  status: z.enum(["pending", "approved", "declined"]),
  isApproved: z.boolean().nullable().describe("Null while pending"),
  requestedBy: z.string().nullable().describe("The requesting admin's name"),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable().describe("Unix seconds"),
  deleted: z.boolean(),
  /** What the caller may do with it: the receiving side decides, the sending side withdraws (both while pending). */
  canDecide: z.boolean(),
  canWithdraw: z.boolean(),
});
export type TransferRow = z.infer<typeof transferRow>;

export const transferListResponse = z.object({
  transfers: z.array(transferRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const transferResponse = z.object({ message: z.string().describe("The spec's success text"), transfer: transferRow });
