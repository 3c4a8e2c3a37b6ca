import type { OperationView } from "@/lib/platform/openapi/reference";
import { AccessLine } from "./access-line";
import { FieldTable, ShapeTables } from "./field-table";
import { InlineCode } from "./inline-code";
import { MethodBadge } from "./method-badge";
import { StatusTable } from "./status-table";

const label = "text-sm font-semibold text-slate-900";

/** One operation: method and path, what it does, who may call it, its input, its answer and its errors. */
export function Operation({ op }: { op: OperationView }) {
  const { response } = op;
  return (
    <section id={op.id} aria-labelledby={`${op.id}-title`} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-3 shadow-xs tablet:p-5">
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-center gap-3 text-base font-semibold text-slate-900">
        <MethodBadge method={op.method} /> <span className="font-mono [overflow-wrap:anywhere]">{op.path}</span>
      </h3>
      <p className="mt-2 text-sm text-slate-700">{op.summary}</p>
      <dl className="mt-3 text-sm">
        <dt className={label}>Who may call it</dt>
        <dd className="mt-0.5 text-slate-700">
          <AccessLine access={op.access} />
        </dd>
      </dl>
      {op.parameters.length > 0 && <FieldTable caption="Parameters" rows={op.parameters} />}
      {op.body && <ShapeTables label="Request body (JSON)" shapes={op.body} />}
      <p className="mt-4 text-sm text-slate-700">
        <span className={label}>Answer {response.status}:</span> <InlineCode text={response.description} />
        {response.contentType && response.shapes.length === 0 && ` (${response.contentType}, ${response.type})`}
      </p>
      <ShapeTables label={`Keys of the ${response.status} answer (JSON)`} shapes={response.shapes} />
      <StatusTable caption="Error statuses" statuses={op.errors} />
    </section>
  );
}
