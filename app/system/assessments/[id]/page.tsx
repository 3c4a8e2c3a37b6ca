import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { buttonClasses } from "@/components/ui/button";
import { SystemPage } from "@/components/system/system-page";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { getAssessmentDetail } from "@/lib/system/assessments";
import { ASSESSMENT_FIELDS, ASSESSMENT_TEXTS, HIERARCHY_TEXTS, ITEM_TEXTS, SCALE_ENTRY_FIELDS, textsFor } from "@/components/system/sections";

export const metadata: Metadata = { title: "Assessment editor" };

/** The assessment editor: its details, the hierarchy (domains and sub-domains), scales with their entries, and items. */
export default async function AssessmentEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.system", path: `/system/assessments/${id}` });
  const { assessment, hierarchyItems, scales, assessmentItems } = await orNotFound(getAssessmentDetail(actor, id));
  const base = `/assessments/${id}`;
  const hierarchyName = new Map(hierarchyItems.map((h) => [h.id, `${h.code} ${h.label}`]));
  const scaleName = new Map(scales.map((s) => [s.id, `${s.code} ${s.label}`]));
  const none = { value: "", label: "None" };
  return (
    <SystemPage
      title={assessment.name}
      description={`${assessment.isKra ? "KRA" : "ELA"} · taxonomy ${assessment.taxonomy} · ${assessmentItems.length} items`}
      trail={[
        { label: "Assessments", href: "/system/assessments" },
        { label: assessment.name, href: `/system/assessments/${id}` },
      ]}
      actions={
        <a className={buttonClasses("primary", "sm")} href={`/en/api/v1${base}/export`} download>
          Export assessment
        </a>
      }
    >
      <CrudSection
        title="Details"
        noun="assessment"
        columns={[
          { key: "name", label: "Name" },
          { key: "taxonomy", label: "Taxonomy" },
          { key: "author", label: "Author" },
          { key: "description", label: "Description" },
          { key: "isEncapsulated", label: "Encapsulated" },
        ]}
        rows={[assessment]}
        fields={ASSESSMENT_FIELDS}
        endpoint="/assessments"
        texts={ASSESSMENT_TEXTS}
        empty=""
        newButton={null}
      />
      <CrudSection
        title="Hierarchy"
        noun="hierarchy item"
        columns={[
          { key: "code", label: "Code" },
          { key: "label", label: "Label" },
          { key: "parent", label: "Under" },
          { key: "sortOrder", label: "Order" },
        ]}
        rows={hierarchyItems.map((h) => ({ ...h, parent: h.parentId ? (hierarchyName.get(h.parentId) ?? null) : null }))}
        fields={[
          { name: "code", label: "Code", kind: "text", required: true, hint: "LL, MA, SF, PD, or LL.PA for a sub-domain" },
          { name: "label", label: "Label", kind: "text", required: true },
          {
            name: "parentId",
            label: "Under",
            kind: "select",
            numeric: true,
            options: [{ value: "", label: "None (a domain)" }, ...hierarchyItems.map((h) => ({ value: String(h.id), label: `${h.code} ${h.label}` }))],
          },
          { name: "description", label: "Description", kind: "textarea" },
          { name: "sortOrder", label: "Order", kind: "number" },
        ]}
        endpoint={`${base}/hierarchy-items`}
        texts={HIERARCHY_TEXTS}
        deletable
        empty="No domains yet. Add the first with New hierarchy item."
      />
      <CrudSection
        title="Scales"
        noun="scale"
        columns={[
          { key: "code", label: "Code" },
          { key: "label", label: "Label" },
          { key: "entryCodes", label: "Entries" },
        ]}
        rows={scales.map((s) => ({ id: s.id, code: s.code, label: s.label, entryCodes: s.entries.map((e) => e.code).join(", ") }))}
        fields={[
          { name: "code", label: "Code", kind: "text", required: true },
          { name: "label", label: "Label", kind: "text", required: true },
        ]}
        endpoint={`${base}/scales`}
        texts={textsFor("Scale")}
        deletable
        empty="No scales yet. A scale holds the values a teacher can give."
      />
      {scales.map((s) => (
        <CrudSection
          key={s.id}
          title={`Scale ${s.code} entries`}
          noun={`entry of scale ${s.code}`}
          columns={[
            { key: "code", label: "Code" },
            { key: "label", label: "Label" },
            { key: "score", label: "Score" },
            { key: "color", label: "Colour" },
            { key: "sortOrder", label: "Order" },
          ]}
          rows={s.entries}
          fields={SCALE_ENTRY_FIELDS}
          endpoint={`${base}/scales/${s.id}/entries`}
          texts={textsFor("Scale entry")}
          deletable
          empty="No entries yet."
        />
      ))}
      <CrudSection
        title="Items"
        noun="item"
        columns={[
          { key: "code", label: "Code" },
          { key: "label", label: "Label" },
          { key: "hierarchy", label: "Hierarchy" },
          { key: "scale", label: "Scale" },
          { key: "itemType", label: "Kind" },
        ]}
        rows={assessmentItems.map((i) => ({
          ...i,
          hierarchy: i.assessmentItemHierarchyId ? (hierarchyName.get(i.assessmentItemHierarchyId) ?? null) : null,
          scale: i.scaleId ? (scaleName.get(i.scaleId) ?? null) : null,
          href: `/system/assessments/${id}/items/${i.id}`,
        }))}
        fields={[
          { name: "code", label: "Code", kind: "text", required: true },
          { name: "label", label: "Label", kind: "text", required: true },
          { name: "description", label: "Description", kind: "textarea" },
          {
            name: "assessmentItemHierarchyId",
            label: "Hierarchy",
            kind: "select",
            numeric: true,
            options: [none, ...hierarchyItems.map((h) => ({ value: String(h.id), label: `${h.code} ${h.label}` }))],
          },
          {
            name: "scaleId",
            label: "Scale",
            kind: "select",
            numeric: true,
            options: [none, ...scales.map((s) => ({ value: String(s.id), label: `${s.code} ${s.label}` }))],
          },
          {
            name: "itemType",
            label: "Kind",
            kind: "select",
            options: [
              none,
              { value: "selected-response", label: "Selected response" },
              { value: "performance-task", label: "Performance task" },
              { value: "observation", label: "Observation rubric" },
              { value: "learning-progression", label: "Learning progression" },
            ],
          },
          { name: "sortOrder", label: "Order", kind: "number" },
        ]}
        endpoint={`${base}/items`}
        texts={ITEM_TEXTS}
        deletable
        empty="No items yet. Add the first with New item."
      />
    </SystemPage>
  );
}
