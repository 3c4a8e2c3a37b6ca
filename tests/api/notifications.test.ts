import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Pusher from "pusher";
import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { authSessions, notifications } from "@/db/schema";
import { GET as listGet } from "@/app/en/api/v1/notifications/route";
import { DELETE as removeDelete, PUT as acknowledgePut } from "@/app/en/api/v1/notifications/[id]/route";
import { GET as streamGet } from "@/app/en/api/v1/notifications/stream/route";
import { POST as pusherAuthPost } from "@/app/en/api/v1/notifications/pusher/auth/route";
import { notificationStream } from "@/lib/notifications/live/stream";
import type { LiveMessage } from "@/lib/notifications/schemas";
import { authorizeUserChannel, forwardChange } from "@/lib/notifications/live/pusher";
import { actorFromHeaders } from "@/lib/platform/actor";
import { AppError } from "@/lib/platform/errors";
import { pageSecurityHeaders } from "@/lib/platform/security-headers";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

type User = { id: number; tenantId: number };
let ann: User, bob: User, other: User;
let annToken: string, bobToken: string;

// Each test its own people, so the notifications and unread counts it reads are its own.
beforeEach(async () => {
  const a = await makeTenant();
  ann = await makeUser(a.id, { roles: ["ROLE_TEACHER"] });
  bob = await makeUser(a.id, { roles: ["ROLE_ADMIN"] });
  other = await makeUser((await makeTenant()).id, { roles: ["ROLE_TEACHER"] });
  [annToken, bobToken] = await Promise.all([tokenFor(ann), tokenFor(bob)]);
});

const notify = async (user: User, message: string, createdAt = new Date()) => {
  const [row] = await db().insert(notifications).values({ tenantId: user.tenantId, userId: user.id, message, createdAt }).returning();
  return row;
};

describe("GET /notifications", () => {
  it("lists the caller's own notifications, newest first, with the unread count", async () => {
    await notify(ann, "Report ready", new Date(Date.now() - 60_000));
    await notify(ann, "Transfer approved");
    await notify(bob, "Bob's own");
    const res = await call(listGet, "GET", "/en/api/v1/notifications", { token: annToken });
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(2);
    expect(res.body.notifications.map((n: { message: string }) => n.message)).toEqual(["Transfer approved", "Report ready"]);
    expect(res.body.notifications[0]).toMatchObject({
      acknowledged: 0,
      description: "Transfer approved",
      type: "message",
      createdAt: expect.any(Number),
      metadata: {},
    });
    const limited = await call(listGet, "GET", "/en/api/v1/notifications", { token: annToken, query: { limit: 1 } });
    expect(limited.body.notifications).toHaveLength(1);
    expect(limited.body.unreadCount).toBe(2);
    expect((await call(listGet, "GET", "/en/api/v1/notifications", { token: annToken, query: { limit: 0 } })).status).toBe(400);
  });

  it("needs a session (401)", async () => {
    expect((await call(listGet, "GET", "/en/api/v1/notifications")).status).toBe(401);
  });
});

describe("PUT and DELETE /notifications/{id}", () => {
  it("acknowledges one (acknowledged 1) and can mark it unread again", async () => {
    const row = await notify(ann, "Click me");
    const path = `/en/api/v1/notifications/${row.id}`;
    const res = await call(acknowledgePut, "PUT", path, { token: annToken, params: { id: String(row.id) }, body: { acknowledged: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.notification).toMatchObject({ id: row.id, acknowledged: 1, message: "Click me" });
    const [stored] = await db().select().from(notifications).where(eq(notifications.id, row.id));
    expect(stored.acknowledged).toBe(1);
    const back = await call(acknowledgePut, "PUT", path, { token: annToken, params: { id: String(row.id) }, body: { acknowledged: 0 } });
    expect(back.body.notification.acknowledged).toBe(0);
    const bad = await call(acknowledgePut, "PUT", path, { token: annToken, params: { id: String(row.id) }, body: { acknowledged: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "acknowledged", message: "Acknowledged must be 0 or 1" }]);
  });

  it("removes one; removing it again is 404", async () => {
    const row = await notify(ann, "Remove me");
    const options = { token: annToken, params: { id: String(row.id) } };
    const res = await call(removeDelete, "DELETE", `/en/api/v1/notifications/${row.id}`, options);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Notification successfully removed");
    expect(await db().select().from(notifications).where(eq(notifications.id, row.id))).toEqual([]);
    expect((await call(removeDelete, "DELETE", `/en/api/v1/notifications/${row.id}`, options)).status).toBe(404);
  });

  it("answers 404 for another user's notification (same tenant or another) and leaves it alone", async () => {
    const bobs = await notify(bob, "Bob only");
    const others = await notify(other, "Other tenant");
    for (const row of [bobs, others]) {
      const options = { token: annToken, params: { id: String(row.id) } };
      const put = await call(acknowledgePut, "PUT", `/en/api/v1/notifications/${row.id}`, { ...options, body: { acknowledged: 1 } });
      expect(put.status).toBe(404);
      expect(put.body.message).toBe("Notification not found");
      expect((await call(removeDelete, "DELETE", `/en/api/v1/notifications/${row.id}`, options)).status).toBe(404);
      const [stored] = await db().select().from(notifications).where(eq(notifications.id, row.id));
      expect(stored.acknowledged).toBe(0);
    }
  });
});

/** An open SSE stream, read in-process: messages as they arrive. */
async function openStream(token: string) {
  const abort = new AbortController();
  const req = new NextRequest(new URL("/en/api/v1/notifications/stream", BASE), { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const res = await streamGet(req, { params: Promise.resolve({}) });
  const messages: LiveMessage[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of event.split("\n")) if (line.startsWith("data: ")) messages.push(JSON.parse(line.slice(6)) as LiveMessage);
      }
    }
  })();
  const waitFor = async (test: (m: LiveMessage[]) => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!test(messages)) {
      if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const close = async () => {
    abort.abort();
    await reader.cancel().catch(() => {});
    await reading;
  };
  return { res, messages, waitFor, close };
}

const lists = (messages: LiveMessage[]) => messages.flatMap((m) => (m.type === "notifications" ? [m] : []));

describe("GET /notifications/stream (server-sent events)", () => {
  const open: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it("opens with the spec's open-connection message and the current state, uncached and unbuffered", async () => {
    const stream = await openStream(annToken);
    open.push(stream);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(stream.res.headers.get("x-accel-buffering")).toBe("no");
    await stream.waitFor((m) => lists(m).length === 1);
    expect(stream.messages[0]).toEqual({ type: "open-connection", userId: ann.id, tenantId: ann.tenantId });
    expect(lists(stream.messages)[0].unreadCount).toBe(await unread(ann));
  });

  it("delivers a notification inserted elsewhere to its user, and not to another user", async () => {
    const annStream = await openStream(annToken);
    const bobStream = await openStream(bobToken);
    open.push(annStream, bobStream);
    await annStream.waitFor((m) => lists(m).length === 1);
    await bobStream.waitFor((m) => lists(m).length === 1);
    const before = await unread(ann);
    // What the reports or transfers code does: a plain INSERT; the trigger and the listener do the rest.
    await notify(ann, "Your ISR report is ready");
    await annStream.waitFor((m) => lists(m).length === 2);
    const pushed = lists(annStream.messages)[1];
    expect(pushed.unreadCount).toBe(before + 1);
    expect(pushed.notifications![0]).toMatchObject({ message: "Your ISR report is ready", acknowledged: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(lists(bobStream.messages)).toHaveLength(1);
    expect(JSON.stringify(bobStream.messages)).not.toContain("ISR report");
  });

  it("pushes an acknowledgement too (other tabs' badges follow)", async () => {
    const stream = await openStream(annToken);
    open.push(stream);
    await stream.waitFor((m) => lists(m).length === 1);
    const row = await notify(ann, "Ack me");
    await stream.waitFor((m) => lists(m).length === 2);
    await call(acknowledgePut, "PUT", `/en/api/v1/notifications/${row.id}`, { token: annToken, params: { id: String(row.id) }, body: { acknowledged: 1 } });
    await stream.waitFor((m) => lists(m).length === 3);
    expect(lists(stream.messages)[2].unreadCount).toBe(lists(stream.messages)[1].unreadCount! - 1);
  });

  it("refuses without a session (401)", async () => {
    const anonymous = await streamGet(new NextRequest(new URL("/en/api/v1/notifications/stream", BASE)), { params: Promise.resolve({}) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain("application/json");
  });

  it("ends at the next heartbeat once the session is revoked (logout)", async () => {
    const token = await tokenFor(ann);
    const headers = new Headers({ authorization: `Bearer ${token}` });
    const actor = (await actorFromHeaders(headers))!;
    const stillSignedIn = async () => (await actorFromHeaders(headers))?.sessionId === actor.sessionId;
    const res = notificationStream(actor, new AbortController().signal, stillSignedIn, 100);
    const reader = res.body!.getReader();
    await reader.read();
    await db().update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, actor.sessionId));
    const until = Date.now() + 5000;
    let done = false;
    while (!done && Date.now() < until) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe("Pusher Channels (when PUSHER_* is set)", () => {
  const config = { appId: "1", key: "app-key", secret: "app-secret", cluster: "eu" };

  it("signs the caller's own private channel only", async () => {
    const actor = (await actorFromHeaders(new Headers({ authorization: `Bearer ${annToken}` })))!;
    const own = `private-user-${ann.tenantId}-${ann.id}`;
    const signed = authorizeUserChannel(actor, "123.456", own, config);
    const expected = createHmac("sha256", "app-secret").update(`123.456:${own}`).digest("hex");
    expect(signed).toEqual({ auth: `app-key:${expected}` });
    expect(() => authorizeUserChannel(actor, "123.456", `private-user-${bob.tenantId}-${bob.id}`, config)).toThrow(AppError);
    expect(() => authorizeUserChannel(actor, "123.456", `private-user-${other.tenantId}-${ann.id}`, config)).toThrow(AppError);
  });

  it("forwards a change as one event per user on their private channel, 10 to a batch call", async () => {
    const bodies: { batch: { channel: string; name: string; data: string }[] }[] = [];
    const server = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        bodies.push(JSON.parse(text) as (typeof bodies)[number]);
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = String((server.address() as AddressInfo).port);
    const pusher = new Pusher({ ...config, host: "127.0.0.1", port, useTLS: false });
    const userIds = Array.from({ length: 12 }, (_, i) => i + 1);
    await forwardChange(pusher, { op: "insert", tenantId: 7, userIds });
    server.close();
    expect(bodies.map((b) => b.batch.length)).toEqual([10, 2]);
    expect(bodies[0].batch[0]).toEqual({ channel: "private-user-7-1", name: "notifications", data: JSON.stringify({ type: "notifications" }) });
  });

  it("lets the page connect to the cluster's hosts (CSP connect-src), and only then", () => {
    const withPusher = pageSecurityHeaders("n", { https: true, development: false, pusherCluster: "eu" })["Content-Security-Policy"];
    expect(withPusher).toContain("connect-src 'self' wss://ws-eu.pusher.com https://sockjs-eu.pusher.com;");
    expect(pageSecurityHeaders("n", { https: true, development: false })["Content-Security-Policy"]).toContain("connect-src 'self';");
  });
});

describe("POST /notifications/pusher/auth", () => {
  it("is refused while Pusher is not configured (the SSE stream is in use)", async () => {
    const res = await call(pusherAuthPost, "POST", "/en/api/v1/notifications/pusher/auth", {
      token: annToken,
      body: { socket_id: "123.456", channel_name: `private-user-${ann.tenantId}-${ann.id}` },
    });
    expect(res.status).toBe(403);
  });
});

async function unread(user: User): Promise<number> {
  const res = await call(listGet, "GET", "/en/api/v1/notifications", { token: user.id === ann.id ? annToken : bobToken });
  return res.body.unreadCount as number;
}
