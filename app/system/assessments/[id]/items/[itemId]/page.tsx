import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { ItemResources } from "@/components/system/item-resources";
import { SystemPage } from "@/components/system/system-page";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { getAssessmentDetail } from "@/lib/system/assessments";
import { listItemEntries } from "@/lib/system/items";
import { listResources } from "@/lib/system/resources";
import { ITEM_ENTRY_FIELDS, SCALE_ENTRY_FIELDS, textsFor } from "@/components/system/sections";

export const metadata: Metadata = { title: "Assessment item" };

/** One item: the entries of its scale, its own entries (directions, prompts, rubric) and its resource files. */
export default async function AssessmentItemPage({ params }: { params: Promise<{ id: string; itemId: string }> }) {
  const raw = await params;
  const id = idSegment(raw.id);
  const itemId = idSegment(raw.itemId);
  const actor = await requirePageActor({ permission: "area.system", path: `/system/assessments/${id}/items/${itemId}` });
  const detail = await orNotFound(getAssessmentDetail(actor, id));
  const [entries, resources] = await Promise.all([orNotFound(listItemEntries(actor, id, itemId)), orNotFound(listResources(actor, id, itemId))]);
  const item = detail.assessmentItems.find((i) => i.id === itemId)!;
  const scale = detail.scales.find((s) => s.id === item.scaleId);
  const sharing = detail.assessmentItems.filter((i) => i.scaleId && i.scaleId === item.scaleId).length;
  const base = `/assessments/${id}/items/${itemId}`;
  return (
    <SystemPage
      title={`${item.code} ${item.label}`}
      description={`${detail.assessment.name}${item.description ? ` · ${item.description}` : ""}`}
      trail={[
        { label: "Assessments", href: "/system/assessments" },
        { label: detail.assessment.name, href: `/system/assessments/${id}` },
        { label: item.code, href: `/system/assessments/${id}/items/${itemId}` },
      ]}
    >
      {scale ? (
        <CrudSection
          title={`Scale entries (${scale.code} ${scale.label}${sharing > 1 ? `, shared by ${sharing} items` : ""})`}
          noun="scale entry"
          columns={[
            { key: "code", label: "Code" },
            { key: "label", label: "Label" },
            { key: "score", label: "Score" },
            { key: "color", label: "Colour" },
            { key: "sortOrder", label: "Order" },
          ]}
          rows={scale.entries}
          fields={SCALE_ENTRY_FIELDS}
          endpoint={`/assessments/${id}/scales/${scale.id}/entries`}
          texts={textsFor("Scale entry")}
          deletable
          empty="No entries yet: add the values a teacher can give."
        />
      ) : (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">
          This item has no scale yet: choose one when editing the item on the assessment page.
        </p>
      )}
      <CrudSection
        title="Entries"
        noun="entry"
        columns={[
          { key: "kind", label: "Kind" },
          { key: "label", label: "Label" },
          { key: "content", label: "Content" },
          { key: "sortOrder", label: "Order" },
        ]}
        rows={entries}
        fields={ITEM_ENTRY_FIELDS}
        endpoint={`${base}/entries`}
        texts={textsFor("Entry")}
        deletable
        empty="No entries yet: directions, prompts and rubric text go here."
      />
      <ItemResources base={base} resources={resources} />
    </SystemPage>
  );
}
