import type { Metadata } from "next";
import { GradeHistory } from "@/components/scoring/student/grade-history";
import { MilestoneCapture } from "@/components/scoring/student/milestones";
import { SupportCommentForm } from "@/components/scoring/student/support-comment-form";
import { SupportsForm } from "@/components/scoring/student/supports-form";
import { ChildResultsView } from "@/components/results/child-results";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { ChildScoreSheet } from "@/components/score-sheets/score-sheet-buttons";
import { Card, Progress, Stat } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { loadStudentPage } from "@/lib/scoring/student-page";
import { formatDate } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "Student" };

const ACTIONS = { create: "Entered", update: "Changed", delete: "Cleared" } as const;
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
const day = (unix: number | null) => (unix === null ? "" : formatDate(new Date(unix * 1000)));

/** One child of the teacher's class in a collection: results, supports, custom fields, grade history and milestones. */
export default async function StudentPage({ params }: { params: Promise<{ id: string; studentEnrollmentId: string }> }) {
  const segments = await params;
  const id = idSegment(segments.id);
  const enrollmentId = idSegment(segments.studentEnrollmentId);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/students/${enrollmentId}` });
  const page = await orNotFound(loadStudentPage(actor, id, enrollmentId));
  const { collection, student } = page;
  const name = `${student.firstName} ${student.lastName}`;
  const capturedOn = new Map(page.captured.map((c) => [c.tenantMilestoneId, day(c.capturedAt)]));

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-600">
        <a className="text-brand-700 underline-offset-2 hover:underline" href={`/teacher/collections/${id}/students`}>
          {collection.collectionName}: class list
        </a>
      </nav>
      <PageHeading
        title={name}
        description={`State student id ${student.tenantUniqueId} · ${collection.collectionName}`}
        actions={<CollectionLinks id={id} />}
      />

      <dl className="mb-8 grid grid-cols-1 gap-4 tablet:grid-cols-3">
        <Stat
          label="Progress"
          value={`${student.progress}%`}
          detail={
            <>
              <span className="mb-2 block">
                {student.scoredItems} of {student.totalItems} items scored
              </span>
              <Progress value={student.progress} label={`Progress of ${name}`} hideValue />
            </>
          }
        />
        <Stat
          label="Overall scale score"
          value={student.overallScore ?? "–"}
          detail={student.overallScore === null ? "Once every domain is scored" : undefined}
        />
        <Stat
          label="Performance level"
          value={<span className="text-2xl">{page.levelLabel ?? "Not yet"}</span>}
          detail={page.levelLabel ? undefined : "Once every domain is scored"}
        />
      </dl>

      <Card title="Score sheet" className="mb-8">
        <ChildScoreSheet collectionId={id} studentEnrollmentId={enrollmentId} />
      </Card>

      <div className="mb-8 grid grid-cols-1 gap-6 desktop:grid-cols-2">
        <Card title="Domain scores">
          {page.domains.length === 0 ? (
            <p className="text-sm text-slate-600">This assessment has no domains.</p>
          ) : (
            <dl className="divide-y divide-slate-100">
              {page.domains.map((d) => (
                <div key={d.code} className="flex items-baseline justify-between gap-3 py-2 text-sm first:pt-0 last:pb-0">
                  <dt className="text-slate-800">
                    <span className="font-medium">{d.code}</span> · {d.label}
                  </dt>
                  <dd className="text-slate-900 tabular-nums">{d.score ?? <span className="text-slate-600">Not fully scored</span>}</dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
        <Card title="Custom fields">
          {page.customFields.length === 0 ? (
            <p className="text-sm text-slate-600">Your organisation has defined no custom fields for enrollments.</p>
          ) : (
            <dl className="divide-y divide-slate-100">
              {page.customFields.map((f) => (
                <div key={f.id} className="flex items-baseline justify-between gap-3 py-2 text-sm first:pt-0 last:pb-0">
                  <dt className="text-slate-800">{f.label}</dt>
                  <dd className="text-slate-900">{f.value ?? <span className="text-slate-600">Not set</span>}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="mt-4 text-xs text-slate-600">Your school&apos;s administrators keep these fields up to date.</p>
        </Card>
      </div>

      <Card title="Supports" className="mb-8">
        <div className="flex flex-col gap-6">
          <SupportsForm collectionId={id} enrollmentId={enrollmentId} supports={page.supports} initial={page.selectedSupportIds} />
          <SupportCommentForm assignmentId={student.assignmentId} initial={student.supportComment} />
        </div>
      </Card>

      <Card title="Milestones" className="mb-8">
        <div className="flex flex-col gap-6">
          <MilestoneCapture
            studentId={student.studentId}
            collectionId={id}
            milestones={page.active.map((m) => ({
              id: m.id,
              label: m.label,
              description: m.description,
              window: `${day(m.startDate)} – ${day(m.endDate)}`,
              capturedOn: capturedOn.get(m.id) ?? null,
            }))}
          />
          <section aria-labelledby="captured-heading">
            <h3 id="captured-heading" className="mb-2 text-sm font-semibold text-slate-900">
              Captured ratings
            </h3>
            {page.captured.length === 0 ? (
              <p className="text-sm text-slate-600">No ratings of this child have been captured yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {page.captured.map((c) => (
                  <li key={c.id} className="rounded-md border border-slate-200 px-4 py-3">
                    <p className="text-sm font-medium text-slate-900">
                      {c.label} <span className="font-normal text-slate-600">· captured {day(c.capturedAt)}</span>
                    </p>
                    {c.scores.length === 0 ? (
                      <p className="mt-1 text-xs text-slate-700">No grades were entered then.</p>
                    ) : (
                      <p className="mt-2 flex flex-wrap gap-1.5 text-xs text-slate-800">
                        <span className="sr-only">{c.scores.length} grades:</span>
                        {c.scores.map((s) => (
                          <span key={s.assessmentItemsId} className="rounded bg-slate-100 px-1.5 py-0.5 whitespace-nowrap tabular-nums">
                            {page.itemCodes.get(s.assessmentItemsId) ?? s.assessmentItemsId} <span className="font-semibold">{s.entryCode ?? "?"}</span>
                          </span>
                        ))}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Card>

      <Card title="Results over time" className="mb-8">
        <ChildResultsView data={page.overTime} />
      </Card>

      <Card title="Grade history">
        <GradeHistory
          rows={page.history.map((h) => ({
            id: h.id,
            item: h.itemCode ?? String(h.assessmentItemsId),
            grade: h.entryCode ?? "–",
            action: ACTIONS[h.action],
            person: h.changedBy?.name ?? "Unknown",
            date: day(h.changedAt),
            time: timeFormat.format(new Date(h.changedAt * 1000)),
          }))}
        />
      </Card>
    </>
  );
}
