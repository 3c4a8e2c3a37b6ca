import type { Executor } from "../client";
import { announcements, notifications } from "../schema";
import type { CollectionWindow } from "./collections";
import type { DemoUser } from "./demo-accounts";

const DAY = 86_400_000;
/** The spec's display format, 'MMMM D, YYYY'. */
const longDate = (d: Date) => new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

/** One announcement of each status the spec names: past, two active, upcoming. */
export async function addAnnouncements(
  executor: Executor,
  input: { tenantId: number; createdBy?: number; now: Date; kra: { name: string; window: CollectionWindow }; elaName: string },
) {
  const { tenantId, createdBy, now, kra } = input;
  const rows = [
    {
      tenantId,
      createdBy,
      title: "Summer training for kindergarten teachers",
      text: "Recordings of the summer KRA training sessions are in the resource library.",
      startDate: daysFrom(now, -150),
      endDate: daysFrom(now, -120),
    },
    {
      tenantId,
      createdBy,
      title: `${kra.name} is open`,
      text: `Enter every kindergartner's scores by ${longDate(kra.window.cycleEndDate)}. Your dashboard shows how much is complete.`,
      startDate: kra.window.cycleStartDate,
      endDate: kra.window.cycleEndDate,
    },
    {
      tenantId,
      createdBy,
      title: "Score sheets can now be downloaded",
      text: "Print a score sheet for one child or a whole class from the scoring screen.",
      startDate: daysFrom(now, -10),
      endDate: daysFrom(now, 30),
    },
    {
      tenantId,
      createdBy,
      title: "Winter checkpoint coming up",
      text: `The winter checkpoint of the ${input.elaName} opens after the break.`,
      startDate: daysFrom(now, 45),
      endDate: daysFrom(now, 75),
    },
  ];
  // Those already started count as told: the announcements.activate job tells only of later starts.
  await executor.insert(announcements).values(rows.map((row) => ({ ...row, activeNotifiedAt: row.startDate <= now ? now : null })));
}

/** A few notifications for the demo accounts that work with children (by accountKey); the newest are unacknowledged. */
export async function addNotifications(
  executor: Executor,
  input: { accounts: Map<string, DemoUser>; now: Date; kraOf: Map<number, { id: number; name: string; window: CollectionWindow }>; reportName: string },
) {
  const { accounts, now } = input;
  // [account, kind, days ago, acknowledged]
  const plan: [string, "open" | "enrollment" | "report", number, 0 | 1][] = [
    ["teacher", "open", -1, 0],
    ["teacher", "enrollment", -3, 0],
    ["teacher", "report", -12, 1],
    ["admin.teacher", "report", -2, 0],
    ["admin.teacher", "open", -20, 1],
    ["district.admin", "enrollment", -4, 0],
    ["tenant.admin", "report", -1, 0],
    ["tenant.admin", "open", -30, 1],
    ["ohio.teacher", "open", -2, 0],
    ["ohio.teacher", "report", -9, 1],
  ];
  await executor.insert(notifications).values(
    plan.map(([email, kind, days, acknowledged]) => {
      const user = accounts.get(email)!;
      // Each tenant's own collection: a notification never names another tenant's data.
      const kra = input.kraOf.get(user.tenantId)!;
      const message =
        kind === "open"
          ? `${kra.name} is open for scoring until ${longDate(kra.window.cycleEndDate)}.`
          : kind === "enrollment"
            ? `Enrollment for ${kra.name} closes on ${longDate(kra.window.enrollmentEndDate)}.`
            : `Your ${input.reportName} for ${kra.name} is ready to download.`;
      const type = kind === "report" ? "report" : "collection";
      return { tenantId: user.tenantId, userId: user.id, type, message, acknowledged, metadata: { dataCollectionId: kra.id }, createdAt: daysFrom(now, days) };
    }),
  );
}
