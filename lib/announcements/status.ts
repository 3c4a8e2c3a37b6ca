/** An announcement's status by the current time (spec §4), and its colour. Pure, for server and browser. */
type AnnouncementStatus = "upcoming" | "active" | "past" | undefined;

export function announcementStatus(startDate: Date, endDate: Date, now: Date): AnnouncementStatus {
  const [start, end, at] = [startDate.getTime(), endDate.getTime(), now.getTime()];
  if (at < start && at < end) return "upcoming";
  if (at >= start && at <= end) return "active";
  if (at > start && at > end) return "past";
  return undefined;
}

/** The spec's colours: upcoming green, active blue, past orange, otherwise dark (as badge classes with AA contrast). */
export const STATUS_STYLES: Record<NonNullable<AnnouncementStatus> | "unknown", { label: string; badge: string; accent: string }> = {
  upcoming: { label: "Upcoming", badge: "bg-green-50 text-green-900 ring-green-300", accent: "border-l-green-600" },
  active: { label: "Active", badge: "bg-blue-50 text-blue-900 ring-blue-300", accent: "border-l-blue-600" },
  past: { label: "Past", badge: "bg-orange-50 text-orange-900 ring-orange-300", accent: "border-l-orange-500" },
  unknown: { label: "No status", badge: "bg-slate-800 text-white ring-slate-800", accent: "border-l-slate-800" },
};

/** The spec's colour names of a status (the API's `color`). */
export function announcementColor(status: AnnouncementStatus): "green" | "blue" | "orange" | "dark" {
  return status === "upcoming" ? "green" : status === "active" ? "blue" : status === "past" ? "orange" : "dark";
}
