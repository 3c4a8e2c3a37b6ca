/**
 * The bare baseline of tests/bench/score-saves.ts: a plain Node HTTP server that does only the
 * score upsert (the same statement and the same database triggers as the app), with no session,
 * permission, validation, roster check, history, audit or tenancy binding.
 *   BARE_PORT=3311 BARE_DATABASE_URL=postgres://... npx tsx tests/bench/bare-score-server.ts
 */
import { createServer } from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.BARE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/ap_bench", { max: 10, onnotice: () => {} });

interface Save {
  tenantId: number;
  collectionId: number;
  userId: number;
  studentEnrollmentId: number;
  assessmentItemsId: number;
  assessmentItemsScalesEntriesId: number;
}

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", async () => {
    if (req.url === "/health") return void res.end("ok");
    try {
      const s = JSON.parse(body) as Save;
      const [row] = await sql`insert into scores (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, entered_by)
        values (${s.tenantId}, ${s.collectionId}, ${s.studentEnrollmentId}, ${s.assessmentItemsId}, ${s.assessmentItemsScalesEntriesId}, ${s.userId})
        on conflict (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id)
        do update set scale_entry_id = excluded.scale_entry_id, entered_by = excluded.entered_by, updated_at = now()
        returning id`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ grade: { id: row.id } }));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
});

server.listen(Number(process.env.BARE_PORT ?? 3311), "127.0.0.1");
