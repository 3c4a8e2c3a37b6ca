import type { FieldDef, SectionTexts } from "./crud-section";

/* The system pages' form fields and the spec's snackbar texts (platform §8), one place for each section. */

export const ASSESSMENT_FIELDS: FieldDef[] = [
  { name: "name", label: "Name", kind: "text", required: true },
  { name: "taxonomy", label: "Taxonomy", kind: "text", required: true, hint: "SUMMATIVE for a KRA; any other taxonomy is an ELA assessment" },
  { name: "author", label: "Author", kind: "text" },
  { name: "description", label: "Description", kind: "textarea" },
  { name: "isEncapsulated", label: "Encapsulated (delivered whole by the KRA and ELA apps)", kind: "checkbox" },
];
export const ASSESSMENT_TEXTS: SectionTexts = {
  created: "Assessment saved",
  updated: "Assessment updated",
  createFailed: "Error saving assessment",
  updateFailed: "Error updating assessment",
};

export const HIERARCHY_TEXTS: SectionTexts = {
  created: "Assessment hierarchy item saved",
  updated: "Assessment hierarchy item updated",
  deleted: "Assessment hierarchy item deleted",
  createFailed: "Error saving assessment hierarchy item",
  updateFailed: "Error updating assessment hierarchy item",
  deleteFailed: "Error deleting assessment hierarchy item",
};

export const ITEM_TEXTS: SectionTexts = {
  created: "Assessment item saved",
  updated: "Assessment item updated",
  deleted: "Assessment item deleted",
  createFailed: "Error saving assessment item",
  updateFailed: "Error updating assessment item",
  deleteFailed: "Error deleting assessment item",
};

/** Scales, scale entries and item entries have no texts in the spec: worded as the items' are. */
export const textsFor = (noun: string): SectionTexts => ({
  created: `${noun} saved`,
  updated: `${noun} updated`,
  deleted: `${noun} deleted`,
  createFailed: `Error saving ${noun.toLowerCase()}`,
  updateFailed: `Error updating ${noun.toLowerCase()}`,
  deleteFailed: `Error deleting ${noun.toLowerCase()}`,
});

export const SCALE_ENTRY_FIELDS: FieldDef[] = [
  { name: "code", label: "Code", kind: "text", required: true, hint: "What the grade tab shows: 0-2, A-D, 1-5, N, NE, R" },
  { name: "label", label: "Label", kind: "text", required: true },
  { name: "score", label: "Score", kind: "number", hint: "Points it counts for; empty for codes that are not a rating" },
  { name: "color", label: "Colour", kind: "text", hint: "#rrggbb" },
  { name: "sortOrder", label: "Order", kind: "number" },
];

export const ITEM_ENTRY_FIELDS: FieldDef[] = [
  {
    name: "kind",
    label: "Kind",
    kind: "select",
    required: true,
    options: [
      { value: "directions", label: "Directions" },
      { value: "prompt", label: "Prompt" },
      { value: "rubric", label: "Rubric" },
      { value: "text", label: "Text" },
    ],
  },
  { name: "label", label: "Label", kind: "text" },
  { name: "content", label: "Content", kind: "textarea", required: true },
  { name: "sortOrder", label: "Order", kind: "number" },
];

/** The name (the host prefix is fixed once people sign in through it; the logo is a file, components/system/tenant-logo.tsx). */
export const TENANT_FIELDS: FieldDef[] = [{ name: "name", label: "Name", kind: "text", required: true }];
export const TENANT_TEXTS: SectionTexts = {
  created: "Tenant saved",
  updated: "Tenant saved",
  createFailed: "Error saving tenant",
  updateFailed: "Error saving tenant",
};

export const TENANT_ADMIN_COLUMNS = [
  { key: "lastName", label: "Last name" },
  { key: "firstName", label: "First name" },
  { key: "email", label: "Email" },
  { key: "isActive", label: "Status" },
  { key: "registration", label: "Registration" },
];
export const TENANT_ADMIN_FIELDS: FieldDef[] = [
  { name: "firstName", label: "First name", kind: "text", required: true },
  { name: "lastName", label: "Last name", kind: "text", required: true },
  { name: "email", label: "Email", kind: "text", required: true },
  { name: "enabled", label: "Enabled (may sign in)", kind: "checkbox", editOnly: true },
];
export const TENANT_ADMIN_TEXTS: SectionTexts = {
  created: "Tenant admin saved",
  updated: "Tenant admin updated",
  createFailed: "Error saving tenant admin",
  updateFailed: "Error saving tenant admin",
};
