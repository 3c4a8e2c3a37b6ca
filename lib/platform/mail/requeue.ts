import "server-only";
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { log } from "../logger";
import { sendJob } from "../queue";
import { BOSS_SCHEMA } from "../queue/boss";
import { mailLeaseSeconds } from "./deliver";
import { mailSendJob } from "./send";

/** A row younger than this may still be getting its job from `sendMail`. */
const STRANDED_AFTER_SECONDS = 5 * 60;
/** Past this many delivery attempts a row is left alone (a message that kills its worker every time). */
const MAX_ATTEMPTS = 20;
const BATCH = 500;

/**
 * Give a `mail.send` job to every outbox row that waits for delivery with no job alive: queuing
 * failed after the row was written, or the job died on its last attempt while the row was claimed.
 * Idempotent: a row with a job that is waiting, retrying or running is skipped, and the job id is
 * keyed on the row's attempts, so two sweeps at once add one job.
 */
export async function requeueStrandedMail(olderThanSeconds = STRANDED_AFTER_SECONDS): Promise<number> {
  const liveJob = sql`select 1 from ${sql.raw(BOSS_SCHEMA)}.job j
    where j.name = ${mailSendJob.name} and j.state < 'completed' and j.data->>'outboxId' = ${mailOutbox.id}::text`;
  const stranded = await db()
    .select({ id: mailOutbox.id, tenantId: mailOutbox.tenantId, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(
      and(
        or(
          eq(mailOutbox.status, "queued"),
          and(eq(mailOutbox.status, "sending"), lt(mailOutbox.claimedAt, sql`now() - make_interval(secs => ${mailLeaseSeconds()})`)),
        ),
        lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
        sql`not exists (${liveJob})`,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH);
  for (const row of stranded) {
    await sendJob(mailSendJob, { outboxId: row.id, tenantId: row.tenantId }, { idempotencyKey: `outbox:${row.id}:requeue:${row.attempts}` });
  }
  if (stranded.length) log.info("stranded mail requeued", { count: stranded.length });
  return stranded.length;
}
