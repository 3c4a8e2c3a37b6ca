/**
 * The report types people can request (spec: platform §7 'Reports and outputs', administration §9).
 * Pure data, so pages and client components can name them; the SQL of each lives in builders-*.ts.
 */

export const REPORT_REQUESTED = "Your report has been successfully requested";

/** Administration §9, in the spec's order. */
export const ADMIN_REPORT_KINDS = [
  "ela.setcompletion",
  "ela.skbratings",
  "kra.ssr",
  "ela.ssr",
  "kra.enhancedcompletion",
  "kra.languageliteracy",
  "kra.teachercompletion",
  "kra.locationcompletion",
  "kra.districtcompletion",
  "kra.studentsenrollments",
  "kra.domaindata",
  "exportstudents",
  "exportenrollments",
  "exportteachers",
  "kra.isrr",
  "teacheroutputs",
] as const;

/** Platform §7: POST /reports/{name}. */
export const TEACHER_REPORT_TYPES = ["ela-class-skb", "ela-milestone", "domain-data", "language-literacy", "kra-data-results"] as const;

/**
 * The class's ELA scores, asked for through POST /user/collections/{id}/reports.json: built while
 * the request waits and answered complete, hence never polled (spec §4).
 */
export const STUDENT_SCORES = "ELA.StudentScores";

export type AdminReportKind = (typeof ADMIN_REPORT_KINDS)[number];
export type TeacherReportType = (typeof TEACHER_REPORT_TYPES)[number];
export type ReportKind = AdminReportKind | TeacherReportType | typeof STUDENT_SCORES;

interface ReportTypeInfo {
  label: string;
  /** xlsx for spreadsheets, csv for the exports, pdf for the charted class and domain reports. */
  format: "xlsx" | "csv" | "pdf";
  /** A report of one collection, or of the whole school year (the exports). */
  needs: "collection" | "schoolYear";
}

export const REPORT_TYPES: Record<ReportKind, ReportTypeInfo> = {
  "ela.setcompletion": { label: "ELA set completion", format: "xlsx", needs: "collection" },
  "ela.skbratings": { label: "ELA skill ratings", format: "xlsx", needs: "collection" },
  "kra.ssr": { label: "KRA scale score report", format: "xlsx", needs: "collection" },
  "ela.ssr": { label: "ELA scale score report", format: "xlsx", needs: "collection" },
  "kra.enhancedcompletion": { label: "KRA enhanced completion", format: "xlsx", needs: "collection" },
  "kra.languageliteracy": { label: "KRA language and literacy", format: "xlsx", needs: "collection" },
  "kra.teachercompletion": { label: "KRA teacher completion", format: "xlsx", needs: "collection" },
  "kra.locationcompletion": { label: "KRA location completion", format: "xlsx", needs: "collection" },
  "kra.districtcompletion": { label: "KRA district completion", format: "xlsx", needs: "collection" },
  "kra.studentsenrollments": { label: "KRA students and enrollments", format: "xlsx", needs: "collection" },
  "kra.domaindata": { label: "KRA domain data", format: "xlsx", needs: "collection" },
  exportstudents: { label: "Export students", format: "csv", needs: "schoolYear" },
  exportenrollments: { label: "Export enrollments", format: "csv", needs: "schoolYear" },
  exportteachers: { label: "Export teachers", format: "csv", needs: "schoolYear" },
  "kra.isrr": { label: "KRA ISR status", format: "xlsx", needs: "collection" },
  teacheroutputs: { label: "Teacher outputs", format: "xlsx", needs: "collection" },
  "ela-class-skb": { label: "ELA class skills report", format: "pdf", needs: "collection" },
  "ela-milestone": { label: "ELA milestones", format: "xlsx", needs: "collection" },
  "domain-data": { label: "Domain data", format: "pdf", needs: "collection" },
  "language-literacy": { label: "Language and literacy", format: "xlsx", needs: "collection" },
  "kra-data-results": { label: "KRA data results", format: "xlsx", needs: "collection" },
  [STUDENT_SCORES]: { label: "ELA student scores", format: "xlsx", needs: "collection" },
};

export const reportLabel = (kind: string) => (REPORT_TYPES as Record<string, ReportTypeInfo | undefined>)[kind]?.label ?? kind;

/** Spec §4: the request is polled every 3 s, at most 100 times, until 'complete' (any case). */
export const POLL_INTERVAL_MS = 3000;
export const POLL_MAX_ATTEMPTS = 100;
export const isComplete = (status: string) => status.toLowerCase() === "complete";
