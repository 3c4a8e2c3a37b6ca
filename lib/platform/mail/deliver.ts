import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { env } from "../env";
import { log } from "../logger";
import { PermanentJobError, RetryableJobError } from "../queue";
import { queueSettings } from "../queue/jobs";
import { mailSendJob } from "./send";

/**
 * How long a claim protects a row being sent. Twice the job's expiry: by then pg-boss has given
 * the job up, and an attempt that is still alive has hit the SMTP timeouts below.
 */
export function mailLeaseSeconds(): number {
  return 2 * queueSettings(mailSendJob).expireInSeconds!;
}

const holder = globalThis as unknown as { __mailTransports?: Map<string, Transporter> };

function transport(url: string): Transporter {
  holder.__mailTransports ??= new Map();
  let transporter = holder.__mailTransports.get(url);
  if (!transporter) {
    // Each SMTP phase times out within a quarter of the lease, so a stalled send cannot outlive its claim.
    const phaseMs = Math.floor((mailLeaseSeconds() * 1000) / 4);
    transporter = nodemailer.createTransport({ url, connectionTimeout: phaseMs, greetingTimeout: phaseMs, socketTimeout: phaseMs });
    holder.__mailTransports.set(url, transporter);
  }
  return transporter;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).replace(/>$/, "");

const LINK_REDACTED = "[link removed after delivery]";
/** A URL carrying a token (reset, registration, sign-in links), plain or HTML-escaped. */
const TOKEN_LINK = /https?:\/\/[^\s"'<>]*token=[^\s"'<>]*/gi;

/** What the outbox keeps once a mail has left: subject, recipient and status stay; token links go. */
function redactLinks<T extends string | null>(body: T): T {
  return (body === null ? null : body.replace(TOKEN_LINK, LINK_REDACTED)) as T;
}

const redacted = (row: { textBody: string; htmlBody: string | null }) => ({ textBody: redactLinks(row.textBody), htmlBody: redactLinks(row.htmlBody) });

type Delivery = { outboxId: number; status: string; duplicate?: boolean };

/**
 * Deliver one outbox row, at most once per successful claim: the row is claimed with a conditional
 * update (queued, or a claim whose lease ran out), and every later write is fenced by the claim's
 * attempt number, so two deliveries of the same job cannot both send it.
 */
export async function deliverOutboxMail(payload: { outboxId: number; tenantId: number | null }, options: { lastAttempt?: boolean } = {}): Promise<Delivery> {
  const sameTenant = payload.tenantId === null ? isNull(mailOutbox.tenantId) : eq(mailOutbox.tenantId, payload.tenantId);
  const row = and(eq(mailOutbox.id, payload.outboxId), sameTenant);
  const claimable = or(
    eq(mailOutbox.status, "queued"),
    and(eq(mailOutbox.status, "sending"), lt(mailOutbox.claimedAt, sql`now() - make_interval(secs => ${mailLeaseSeconds()})`)),
  );
  const [claim] = await db()
    .update(mailOutbox)
    .set({ status: "sending", attempts: sql`${mailOutbox.attempts} + 1`, claimedAt: sql`now()` })
    .where(and(row, claimable))
    .returning();
  if (!claim) {
    const [current] = await db().select({ status: mailOutbox.status }).from(mailOutbox).where(row);
    if (!current) throw new PermanentJobError(`outbox row ${payload.outboxId} not found`);
    if (current.status === "sending") throw new RetryableJobError(`outbox row ${payload.outboxId} is being sent by another attempt`);
    return { outboxId: payload.outboxId, status: current.status, duplicate: true };
  }
  const fenced = and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.attempts, claim.attempts));
  const config = env();

  if (!config.SMTP_URL) {
    const kept = await db()
      .update(mailOutbox)
      .set({ status: "kept", error: null, ...redacted(claim) })
      .where(fenced)
      .returning({ id: mailOutbox.id });
    // The body may hold sign-in links or tokens: never in the structured log.
    log.info("mail kept in outbox", { outboxId: claim.id, toDomain: domainOf(claim.toAddress), subject: claim.subject });
    // On a developer's machine the printed message is the only copy of its link, once it is redacted above.
    if (kept.length && config.NODE_ENV === "development") {
      process.stdout.write(`\n----- mail ${claim.id} to ${claim.toAddress}: ${claim.subject}\n${claim.textBody}\n-----\n\n`);
    }
    return { outboxId: claim.id, status: "kept" };
  }

  try {
    const info = await transport(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: claim.toAddress,
      subject: claim.subject,
      text: claim.textBody,
      ...(claim.htmlBody ? { html: claim.htmlBody } : {}),
      // Stable across attempts, so a receiver can recognise a resend after an unclear failure.
      messageId: `<outbox-${claim.id}.${claim.createdAt.getTime()}@${domainOf(config.MAIL_FROM)}>`,
    });
    const done = await db()
      .update(mailOutbox)
      .set({ status: "sent", transportMessageId: info.messageId, sentAt: sql`now()`, error: null, ...redacted(claim) })
      .where(fenced)
      .returning({ id: mailOutbox.id });
    if (!done.length) log.warn("mail sent after its claim was taken over", { outboxId: claim.id });
    return { outboxId: claim.id, status: "sent" };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const refused = typeof code === "number" && code >= 500;
    const reason = code ? `SMTP ${code}` : ((error as { code?: string }).code ?? "SMTP error");
    const status = refused || options.lastAttempt ? "failed" : "queued";
    // A mail that will never go out keeps no usable link either.
    const bodies = status === "failed" ? redacted(claim) : {};
    await db()
      .update(mailOutbox)
      .set({ status, error: error instanceof Error ? error.message : reason, ...bodies })
      .where(fenced);
    if (refused) throw new PermanentJobError(`outbox row ${claim.id} refused (${reason})`);
    throw new RetryableJobError(`outbox row ${claim.id} not delivered (${reason})`);
  }
}
