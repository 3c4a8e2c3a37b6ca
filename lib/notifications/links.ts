import { ADMIN_REPORT_KINDS } from "@/lib/reports/catalogue";

/**
 * Where a notification leads: the page where its person sees or downloads what it is about, from
 * its type and the ids in its metadata (pure, so the bell and the notifications page share it in the
 * browser). `area` is the part of the product the person works in, for types both teachers and
 * administrators receive. Null when there is no such page (or an older row lacks the ids).
 */

export type NotificationArea = "teacher" | "administrator" | "system" | null;

const ADMIN_KINDS = new Set<string>(ADMIN_REPORT_KINDS);
const idOf = (metadata: Record<string, unknown>, key: string) => {
  const value = metadata[key];
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
};

export function notificationHref(type: string, metadata: Record<string, unknown>, area: NotificationArea): string | null {
  const collection = idOf(metadata, "dataCollectionId");
  switch (type) {
    // A report: the admin reports page, or the teacher's reports of the collection (by its kind, else by area).
    case "report": {
      const admin = typeof metadata.kind === "string" ? ADMIN_KINDS.has(metadata.kind) : area === "administrator";
      if (admin) return "/administrator/reports";
      return collection ? `/teacher/collections/${collection}/reports` : null;
    }
    // News of a collection (its window opens, enrollment closes): where the person works on it.
    case "collection":
      if (!collection) return null;
      return area === "teacher"
        ? `/teacher/collections/${collection}/scoring`
        : area === "administrator"
          ? `/administrator/collections/${collection}/profile/details`
          : null;
    // ISRs: the admin ISR page, or (a teacher's) the collection's reports page where they are made.
    case "isr":
      if (area === "administrator") return "/administrator/isr";
      return collection ? `/teacher/collections/${collection}/reports` : null;
    // A class score sheet: the collection's students page, where score sheets are made and kept.
    case "score-sheet":
      return collection ? `/teacher/collections/${collection}/students` : null;
    case "bulk_load":
      return "/administrator/bulk-loads";
    // A OneRoster load: the OneRoster page with its dry run (or what it changed) open.
    case "oneroster": {
      const load = idOf(metadata, "oneRosterLoadId");
      return load ? `/administrator/oneroster?load=${load}` : "/administrator/oneroster";
    }
    case "transfer":
      return "/administrator/transfers";
    case "announcement":
      return area === "teacher" ? "/teacher/announcements" : area === "administrator" ? "/administrator/announcements" : null;
    // The district feed's runs are on the district's page.
    case "district_feed": {
      const region = idOf(metadata, "regionId");
      const district = idOf(metadata, "districtId");
      return region && district ? `/administrator/organizations/regions/${region}/district/${district}/profile/details` : null;
    }
    default:
      return null;
  }
}
