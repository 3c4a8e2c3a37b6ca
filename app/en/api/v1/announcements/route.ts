import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createAnnouncement, deleteAnnouncement, listAnnouncements, updateAnnouncement } from "@/lib/announcements/admin";
import {
  announcementChangedResponse,
  announcementDeletedResponse,
  announcementIdQuery,
  announcementsQuery,
  announcementsResponse,
  createAnnouncementBody,
  updateAnnouncementBody,
} from "@/lib/announcements/schemas";

const TAGS = ["Announcements"];

export const GET = apiRoute(
  {
    summary: "The tenant's announcements with status and colour: every one for administrators, the active ones for teachers",
    tags: TAGS,
    permission: "announcements.read",
    query: announcementsQuery,
    response: announcementsResponse,
  },
  async ({ actor, query }) => ({ announcements: await listAnnouncements(actor, query.tenantsId) }),
);

export const POST = apiRoute(
  {
    summary: "Create an announcement for the whole tenant (dates in unix seconds); the tenant's teachers are notified unless it is past",
    tags: TAGS,
    permission: "announcements.manage",
    body: createAnnouncementBody,
    response: announcementChangedResponse,
    status: 201,
  },
  async ({ req, actor, body, requestId }) =>
    json({ announcement: await createAnnouncement(actor, body, originOf(req, requestId)), message: "Announcement successfully created" }, 201),
);

export const PUT = apiRoute(
  {
    summary: "Edit an announcement of the tenant (id in the body): title, text, start and end dates",
    tags: TAGS,
    permission: "announcements.manage",
    body: updateAnnouncementBody,
    response: announcementChangedResponse,
  },
  async ({ req, actor, body, requestId }) => {
    const { id, ...input } = body;
    return { announcement: await updateAnnouncement(actor, id, input, originOf(req, requestId)), message: "Announcement successfully updated" };
  },
);

export const DELETE = apiRoute(
  {
    summary: "Delete an announcement of the tenant (?id=)",
    tags: TAGS,
    permission: "announcements.manage",
    query: announcementIdQuery,
    response: announcementDeletedResponse,
  },
  async ({ req, actor, query, requestId }) => {
    await deleteAnnouncement(actor, query.id, originOf(req, requestId));
    return { message: "Announcement successfully deleted" };
  },
);
