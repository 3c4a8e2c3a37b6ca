"use server";

import { z } from "zod";
import { action } from "@/lib/platform/action";
import { originOf } from "@/lib/platform/audit";
import { idSchema } from "@/lib/platform/schemas";
import { createGroup, deleteGroup, updateGroup } from "@/lib/scoring/groups";
import { createGroupBody, groupIdQuery, updateGroupBody } from "@/lib/scoring/groups-schemas";

/* The groups page's changes: the same services and checks as /data-collections/{id}/groups. */

const inCollection = z.object({ collectionId: idSchema("Collection id must be a positive whole number") });

export const createGroupAction = action(
  { input: createGroupBody.extend(inCollection.shape), permission: "scores.teacherWrite" },
  async (actor, { collectionId, ...input }, request) => createGroup(actor, collectionId, input, originOf({ headers: request })),
);

export const updateGroupAction = action(
  { input: updateGroupBody.extend(inCollection.shape), permission: "scores.teacherWrite" },
  async (actor, { collectionId, id, ...input }, request) => updateGroup(actor, collectionId, id, input, originOf({ headers: request })),
);

export const deleteGroupAction = action(
  { input: groupIdQuery.extend(inCollection.shape), permission: "scores.teacherWrite" },
  async (actor, { collectionId, id }, request) => {
    await deleteGroup(actor, collectionId, id, originOf({ headers: request }));
    return { id };
  },
);
