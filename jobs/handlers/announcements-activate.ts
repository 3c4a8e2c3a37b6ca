import { z } from "zod";
import { notifyActivatedAnnouncements } from "@/lib/announcements/activation";
import { defineJob, handleJob } from "@/lib/platform/queue";

/** Every minute: teachers are told once when an announcement becomes active. A missed tick is made up by the next. */
const announcementsActivateJob = defineJob({ name: "announcements.activate", payload: z.object({}), cron: "* * * * *", retryLimit: 0 });

export const announcementsActivate = handleJob(announcementsActivateJob, async () => notifyActivatedAnnouncements());
