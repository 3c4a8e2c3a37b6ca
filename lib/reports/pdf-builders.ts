import "server-only";
import type { ReportKind } from "./catalogue";
import { domainReport, skillsReport } from "./class-pdf-data";
import { renderDomainReport, renderSkillsReport } from "./class-pdf-document";
import type { ReportContext } from "./sheet";

/** A PDF report read from the database: how many children it covers, and its drawing (run by the job outside the transaction). */
interface PdfReport {
  rows: number;
  render: () => Promise<Buffer>;
}

type PdfBuilder = (context: ReportContext) => Promise<PdfReport>;

/** The report kinds that are PDFs with charts (docs/reports.md 'The class PDFs'). */
export const PDF_BUILDERS: Partial<Record<ReportKind, PdfBuilder>> = {
  "domain-data": async (c) => {
    const data = await domainReport(c);
    return { rows: data.children.length, render: () => renderDomainReport(data) };
  },
  "ela-class-skb": async (c) => {
    const data = await skillsReport(c);
    return { rows: data.children.length, render: () => renderSkillsReport(data) };
  },
};
