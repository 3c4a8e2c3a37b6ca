import type { Executor } from "../client";
import { tenantMilestones } from "../schema";

const DAY = 86_400_000;

/** The tenant's rating milestones: a fall one open now (teachers can capture), a spring one later in the year. */
export async function addMilestones(executor: Executor, input: { tenantId: number; now: Date }): Promise<void> {
  const at = (days: number) => new Date(input.now.getTime() + days * DAY);
  await executor.insert(tenantMilestones).values([
    {
      tenantId: input.tenantId,
      label: "Fall checkpoint",
      description: "Ratings at the end of the fall window",
      startDate: at(-14),
      endDate: at(35),
      sortOrder: 1,
    },
    {
      tenantId: input.tenantId,
      label: "Spring checkpoint",
      description: "Ratings before the spring reports",
      startDate: at(150),
      endDate: at(180),
      sortOrder: 2,
    },
  ]);
}
