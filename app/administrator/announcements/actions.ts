"use server";

import { randomUUID } from "node:crypto";
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from "@/lib/announcements/admin";
import { announcementIdQuery, createAnnouncementBody, updateAnnouncementBody } from "@/lib/announcements/schemas";
import { action } from "@/lib/platform/action";
import { originOf } from "@/lib/platform/audit";

/* The announcements page's changes: the same services and checks as POST, PUT and DELETE /announcements. */

const origin = (request: Headers) => originOf({ headers: request }, request.get("x-request-id") ?? randomUUID());
const manage = "announcements.manage" as const;

export const createAnnouncementAction = action({ input: createAnnouncementBody, permission: manage }, (actor, input, request) =>
  createAnnouncement(actor, input, origin(request)),
);
export const updateAnnouncementAction = action({ input: updateAnnouncementBody, permission: manage }, (actor, { id, ...input }, request) =>
  updateAnnouncement(actor, id, input, origin(request)),
);
export const deleteAnnouncementAction = action({ input: announcementIdQuery, permission: manage }, (actor, input, request) =>
  deleteAnnouncement(actor, input.id, origin(request)),
);
