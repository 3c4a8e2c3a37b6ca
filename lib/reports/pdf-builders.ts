import "server-only";
import type { ReactElement } from "react";
import type { ReportKind } from "./catalogue";
import { domainReport, skillsReport } from "./class-pdf-data";
import { classPdfTitle, domainDocument, skillsDocument } from "./class-pdf-document";
import type { ReportContext } from "./sheet";

/** A PDF report read from the database: its document (rendered by the job outside the transaction) and how many children it covers. */
interface PdfReport {
  rows: number;
  document: ReactElement;
  /** The document's title, for the tagged PDF (as the document's own). */
  title: string;
}

type PdfBuilder = (context: ReportContext) => Promise<PdfReport>;

/** The report kinds that are PDFs with charts (docs/reports.md 'The class PDFs'). */
export const PDF_BUILDERS: Partial<Record<ReportKind, PdfBuilder>> = {
  "domain-data": async (c) => {
    const data = await domainReport(c);
    return { rows: data.children.length, document: domainDocument(data), title: classPdfTitle("domain-data", data.header) };
  },
  "ela-class-skb": async (c) => {
    const data = await skillsReport(c);
    return { rows: data.children.length, document: skillsDocument(data), title: classPdfTitle("ela-class-skb", data.header) };
  },
};
