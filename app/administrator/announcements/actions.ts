"use server";

import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from "@/lib/announcements/admin";
import { announcementIdQuery, createAnnouncementBody, updateAnnouncementBody } from "@/lib/announcements/schemas";
import { action } from "@/lib/platform/action";
import { originOf } from "@/lib/platform/audit";

/* The announcements page's changes: the same services and checks as POST, PUT and DELETE /announcements. */

const manage = "announcements.manage" as const;

export const createAnnouncementAction = action({ input: createAnnouncementBody, permission: manage }, (actor, input, request) =>
  createAnnouncement(actor, input, originOf({ headers: request })),
);
export const updateAnnouncementAction = action({ input: updateAnnouncementBody, permission: manage }, (actor, { id, ...input }, request) =>
  updateAnnouncement(actor, id, input, originOf({ headers: request })),
);
export const deleteAnnouncementAction = action({ input: announcementIdQuery, permission: manage }, (actor, input, request) =>
  deleteAnnouncement(actor, input.id, originOf({ headers: request })),
);
