import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { announcements, auditLog, notifications } from "@/db/schema";
import { DELETE, GET, POST, PUT } from "@/app/en/api/v1/announcements/route";
import { notifyActivatedAnnouncements } from "@/lib/announcements/activation";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const PATH = "/en/api/v1/announcements";

let A: { tenantId: number; admin: string; adminId: number; tenantAdmin: string; teacher: string; teacherId: number; lockedTeacherId: number };
let B: { tenantId: number; admin: string; announcementId: number };

beforeAll(async () => {
  const a = await makeTenant();
  const admin = await makeUser(a.id, { roles: ["ROLE_ADMIN"] });
  const teacher = await makeUser(a.id, { roles: ["ROLE_TEACHER"] });
  const locked = await makeUser(a.id, { roles: ["ROLE_TEACHER"], locked: true });
  A = {
    tenantId: a.id,
    admin: await tokenFor(admin),
    adminId: admin.id,
    tenantAdmin: await tokenFor(await makeUser(a.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })),
    teacher: await tokenFor(teacher),
    teacherId: teacher.id,
    lockedTeacherId: locked.id,
  };
  const b = await makeTenant();
  const [other] = await db()
    .insert(announcements)
    .values({ tenantId: b.id, title: "B only", text: "b", startDate: new Date(Date.now() - 3600_000), endDate: new Date(Date.now() + 3600_000) })
    .returning();
  B = { tenantId: b.id, admin: await tokenFor(await makeUser(b.id, { roles: ["ROLE_ADMIN"] })), announcementId: other.id };
});

const create = (token: string, body: unknown) => call(POST, "POST", PATH, { token, body });
const body = (title: string, start: number, end: number) => ({ title, text: `${title} text`, startDate: start, endDate: end });

describe("POST /announcements", () => {
  it("creates an announcement with the spec's text, dates in unix seconds, status and colour", async () => {
    const start = now() - DAY;
    const res = await create(A.admin, body("Window opens", start, now() + DAY));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Announcement successfully created");
    expect(res.body.announcement).toMatchObject({ tenantsId: A.tenantId, title: "Window opens", startDate: start, status: "active", color: "blue" });
    const [row] = await db().select().from(announcements).where(eq(announcements.id, res.body.announcement.id));
    expect(row.startDate.getTime()).toBe(start * 1000);
    expect(row.createdBy).toBe(A.adminId);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "announcement"), eq(auditLog.entityId, row.id)));
    expect(audit.map((r) => r.action)).toEqual(["create"]);
  });

  it("notifies the tenant's active teachers (not locked ones, not the author, not another tenant's)", async () => {
    const res = await create(A.admin, body("Training day", now() + DAY, now() + 2 * DAY));
    expect(res.body.announcement).toMatchObject({ status: "upcoming", color: "green" });
    const sent = await db().select().from(notifications).where(eq(notifications.type, "announcement"));
    const forThis = sent.filter((n) => n.metadata.announcementId === res.body.announcement.id);
    expect(forThis.map((n) => [n.tenantId, n.userId, n.message, n.acknowledged])).toEqual([[A.tenantId, A.teacherId, "New announcement: Training day", 0]]);
  });

  it("does not notify anyone of an announcement that is already past", async () => {
    const res = await create(A.admin, body("Last year", now() - 9 * DAY, now() - 8 * DAY));
    expect(res.body.announcement).toMatchObject({ status: "past", color: "orange" });
    const sent = await db().select().from(notifications).where(eq(notifications.type, "announcement"));
    expect(sent.some((n) => n.metadata.announcementId === res.body.announcement.id)).toBe(false);
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const before = (await db().select().from(announcements)).length;
    const res = await create(A.admin, { title: " ", text: "", startDate: now(), endDate: now() - DAY });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: "title", message: "Title is required" },
        { field: "text", message: "Text is required" },
      ]),
    );
    const dates = await create(A.admin, body("Backwards", now(), now() - DAY));
    expect(dates.status).toBe(400);
    expect(dates.body.errors).toEqual([{ field: "endDate", message: "End date must be on or after the start date" }]);
    const millis = await create(A.admin, body("Millis", Date.now(), Date.now() + 1000));
    expect(millis.body.errors[0]).toEqual({ field: "startDate", message: "Dates are unix seconds, not milliseconds" });
    const missing = await create(A.admin, { title: "No dates", text: "x" });
    expect(missing.body.errors).toEqual([
      { field: "startDate", message: "Start date is required" },
      { field: "endDate", message: "End date is required" },
    ]);
    expect((await db().select().from(announcements)).length).toBe(before);
  });

  it("refuses teachers (403)", async () => {
    const res = await create(A.teacher, body("Nope", now(), now() + DAY));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Token does not have the required permissions");
  });
});

describe("GET /announcements", () => {
  // A tenant of its own holding one active, one upcoming and one past announcement.
  let L: { tenantId: number; tenantAdmin: string; teacher: string };
  beforeAll(async () => {
    const t = await makeTenant();
    const admin = await tokenFor(await makeUser(t.id, { roles: ["ROLE_ADMIN"] }));
    L = {
      tenantId: t.id,
      tenantAdmin: await tokenFor(await makeUser(t.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })),
      teacher: await tokenFor(await makeUser(t.id, { roles: ["ROLE_TEACHER"] })),
    };
    for (const [title, start, end] of [
      ["Window opens", now() - DAY, now() + DAY],
      ["Training day", now() + DAY, now() + 2 * DAY],
      ["Last year", now() - 9 * DAY, now() - 8 * DAY],
    ] as const)
      expect((await create(admin, body(title, start, end))).status).toBe(201);
  });

  it("lists every announcement of the tenant for its admins, latest start first, none of another tenant", async () => {
    const res = await call(GET, "GET", PATH, { token: L.tenantAdmin, query: { tenantsId: L.tenantId } });
    expect(res.status).toBe(200);
    expect(res.body.announcements.map((a: { title: string }) => a.title)).toEqual(["Training day", "Window opens", "Last year"]);
    expect(res.body.announcements.map((a: { color: string }) => a.color)).toEqual(["green", "blue", "orange"]);
  });

  it("shows teachers the active ones only", async () => {
    const res = await call(GET, "GET", PATH, { token: L.teacher });
    expect(res.body.announcements.map((a: { title: string }) => a.title)).toEqual(["Window opens"]);
  });

  it("answers 404 for another tenant's id", async () => {
    const res = await call(GET, "GET", PATH, { token: A.admin, query: { tenantsId: B.tenantId } });
    expect(res.status).toBe(404);
  });
});

describe("PUT and DELETE /announcements", () => {
  it("edits one with the spec's text and keeps the tenant", async () => {
    const created = await create(A.admin, body("Draft", now() + DAY, now() + 2 * DAY));
    const res = await call(PUT, "PUT", PATH, { token: A.admin, body: { id: created.body.announcement.id, ...body("Final", now() - DAY, now() + DAY) } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Announcement successfully updated");
    expect(res.body.announcement).toMatchObject({ id: created.body.announcement.id, title: "Final", status: "active", color: "blue", tenantsId: A.tenantId });
  });

  it("deletes one with the spec's text; a second delete is 404", async () => {
    const created = await create(A.admin, body("Short lived", now(), now() + DAY));
    const id = created.body.announcement.id;
    const res = await call(DELETE, "DELETE", PATH, { token: A.tenantAdmin, query: { id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Announcement successfully deleted");
    expect(await db().select().from(announcements).where(eq(announcements.id, id))).toEqual([]);
    expect((await call(DELETE, "DELETE", PATH, { token: A.tenantAdmin, query: { id } })).status).toBe(404);
  });

  it("answers 404 for another tenant's announcement, and leaves it alone", async () => {
    const edit = await call(PUT, "PUT", PATH, { token: A.admin, body: { id: B.announcementId, ...body("Hijack", now(), now() + DAY) } });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe("Announcement not found");
    expect((await call(DELETE, "DELETE", PATH, { token: A.admin, query: { id: B.announcementId } })).status).toBe(404);
    const [row] = await db().select().from(announcements).where(eq(announcements.id, B.announcementId));
    expect(row.title).toBe("B only");
  });

  it("refuses a teacher's edit and delete (403) and a bad id (400)", async () => {
    expect((await call(PUT, "PUT", PATH, { token: A.teacher, body: { id: B.announcementId, ...body("x", now(), now()) } })).status).toBe(403);
    expect((await call(DELETE, "DELETE", PATH, { token: A.teacher, query: { id: 1 } })).status).toBe(403);
    const bad = await call(DELETE, "DELETE", PATH, { token: A.admin, query: { id: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: "id", message: "Announcement id must be a positive whole number" });
  });
});

describe("an announcement becoming active (the announcements.activate job)", () => {
  const told = async (id: number) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenantId, A.tenantId), eq(notifications.type, "announcement")))
    ).filter((n) => n.metadata.announcementId === id && n.message.startsWith("Announcement now active"));

  it("tells the tenant's teachers once when an upcoming one starts, and again only if it is moved later", async () => {
    const start = now() + 3 * DAY;
    const created = await create(A.admin, body("Screening week", start, start + 2 * DAY));
    const id = created.body.announcement.id as number;
    // Before it starts: nothing.
    await notifyActivatedAnnouncements(new Date(), A.tenantId);
    expect(await told(id)).toEqual([]);
    // Once it has started: one notification per active teacher (not locked, not the author), once.
    const ran = await notifyActivatedAnnouncements(new Date((start + 60) * 1000), A.tenantId);
    expect(ran.announcements).toBeGreaterThanOrEqual(1);
    expect((await told(id)).map((n) => [n.userId, n.message, n.acknowledged])).toEqual([[A.teacherId, "Announcement now active: Screening week", 0]]);
    await notifyActivatedAnnouncements(new Date((start + 120) * 1000), A.tenantId);
    expect(await told(id)).toHaveLength(1);
    // Moved to a later start: told again when that comes.
    const later = start + 10 * DAY;
    expect((await call(PUT, "PUT", PATH, { token: A.admin, body: { id, ...body("Screening week", later, later + DAY) } })).status).toBe(200);
    await notifyActivatedAnnouncements(new Date((later + 60) * 1000), A.tenantId);
    expect(await told(id)).toHaveLength(2);
  });

  it("does not tell again about one created already active (its creation was the news)", async () => {
    const created = await create(A.admin, body("Open now", now() - 60, now() + DAY));
    const id = created.body.announcement.id as number;
    const [row] = await db().select().from(announcements).where(eq(announcements.id, id));
    expect(row.activeNotifiedAt).not.toBeNull();
    await notifyActivatedAnnouncements(new Date(), A.tenantId);
    expect(await told(id)).toEqual([]);
  });
});
