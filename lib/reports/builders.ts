import "server-only";
import type { ReportKind } from "./catalogue";
import {
  districtCompletionSheet,
  domainDataSheet,
  locationCompletionSheet,
  setCompletionSheet,
  teacherCompletionSheet,
  teacherOutputsSheet,
} from "./builders-aggregates";
import { enhancedCompletionSheet, isrStatusSheet, milestonesSheet, scaleScoreSheet, studentsEnrollmentsSheet } from "./builders-children";
import { exportEnrollmentsSheet, exportStudentsSheet, exportTeachersSheet } from "./builders-exports";
import type { ReportContext, Sheet } from "./sheet";

type Builder = (context: ReportContext) => Sheet | Promise<Sheet>;

/**
 * The content of each spreadsheet report kind (docs/reports.md names their columns). The PDF
 * reports with charts (ela-class-skb, domain-data) are in pdf-builders.ts.
 */
export const BUILDERS: Partial<Record<ReportKind, Builder>> = {
  "ela.setcompletion": setCompletionSheet,
  "ela.skbratings": (c) => scaleScoreSheet(c, { ratingsOnly: true }),
  "kra.ssr": (c) => scaleScoreSheet(c),
  "ela.ssr": (c) => scaleScoreSheet(c),
  "kra.enhancedcompletion": enhancedCompletionSheet,
  "kra.languageliteracy": (c) => scaleScoreSheet(c, { domain: "LL" }),
  "kra.teachercompletion": teacherCompletionSheet,
  "kra.locationcompletion": locationCompletionSheet,
  "kra.districtcompletion": districtCompletionSheet,
  "kra.studentsenrollments": studentsEnrollmentsSheet,
  "kra.domaindata": domainDataSheet,
  exportstudents: exportStudentsSheet,
  exportenrollments: exportEnrollmentsSheet,
  exportteachers: exportTeachersSheet,
  "kra.isrr": isrStatusSheet,
  teacheroutputs: teacherOutputsSheet,
  "ela-milestone": milestonesSheet,
  "language-literacy": (c) => scaleScoreSheet(c, { domain: "LL" }),
  "kra-data-results": (c) => scaleScoreSheet(c),
  "ELA.StudentScores": (c) => scaleScoreSheet(c),
};
