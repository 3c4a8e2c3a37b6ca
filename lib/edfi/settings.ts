import { z } from "zod";

/**
 * A tenant's Ed-Fi settings, kept in `tenants.configuration.edfi` (data, per state; docs/integrations.md
 * 'Ed-Fi assessment results'). Every key may be left out: the defaults make a file an ODS accepts once
 * the tenant's performance level descriptors are loaded.
 */

/** The Ed-Fi Alliance's own namespace: the default descriptors (reporting methods, data types, grades, subjects). */
export const ED_FI_NAMESPACE = "uri://ed-fi.org";

/** An Ed-Fi namespace: `uri://` and an authority, 5 to 255 characters (the resource schemas' bounds), no `#`. */
const namespace = z
  .string()
  .trim()
  .max(255)
  .regex(/^uri:\/\/[A-Za-z0-9.-]+(\/[A-Za-z0-9._~-]+)*$/, "Must look like uri://education.state.gov");

const descriptorCode = z.string().trim().min(1).max(50);

export const edfiSettingsSchema = z.object({
  /** Namespace of the tenant's assessments and of its own descriptors (performance levels). */
  namespace: namespace.optional(),
  /** GradeLevelDescriptor code value of the children assessed (Ed-Fi's own list). */
  gradeLevel: descriptorCode.optional(),
  /** AcademicSubjectDescriptor code value per domain code, over the defaults below. */
  academicSubjects: z.record(z.string(), descriptorCode).optional(),
});
export type EdfiSettingsInput = z.infer<typeof edfiSettingsSchema>;

export interface EdfiSettings {
  namespace: string;
  gradeLevel: string;
  academicSubjects: Record<string, string>;
}

/** The four readiness domains (DOMAIN.md) in Ed-Fi's AcademicSubjectDescriptor words; another domain is "Other". */
const DEFAULT_SUBJECTS: Record<string, string> = {
  LL: "English Language Arts",
  MA: "Mathematics",
  SF: "Other",
  PD: "Physical, Health, and Safety Education",
};

/** The namespace when the tenant names none: the tenant's own host on the platform's pattern (ohio.kra.example.org). */
export const defaultNamespace = (slug: string) => `uri://${slug.toLowerCase().replace(/[^a-z0-9-]+/g, "-")}.kra.example.org`;

/**
 * The effective settings from the stored configuration: a stored value that does not pass the schema
 * is ignored key by key (the default stands), so a bad edit never breaks every export.
 */
export function edfiSettings(slug: string, stored: unknown): EdfiSettings {
  const raw = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const pick = <K extends keyof EdfiSettingsInput>(key: K): EdfiSettingsInput[K] | undefined => {
    const parsed = edfiSettingsSchema.shape[key].safeParse(raw[key]);
    return parsed.success ? (parsed.data as EdfiSettingsInput[K]) : undefined;
  };
  return {
    namespace: pick("namespace") ?? defaultNamespace(slug),
    gradeLevel: pick("gradeLevel") ?? "Kindergarten",
    academicSubjects: { ...DEFAULT_SUBJECTS, ...(pick("academicSubjects") ?? {}) },
  };
}

/** A descriptor reference: `{namespace}/{Descriptor}#{codeValue}`, sent as is (never URI-encoded: the Ed-Fi guidelines). */
export const descriptor = (namespace: string, name: string, codeValue: string) => `${namespace}/${name}#${codeValue}`;

/** The reporting method and data type of every score the platform keeps: integer scale scores. */
export const SCALE_SCORE = descriptor(ED_FI_NAMESPACE, "AssessmentReportingMethodDescriptor", "Scale score");
export const INTEGER = descriptor(ED_FI_NAMESPACE, "ResultDatatypeTypeDescriptor", "Integer");

export const academicSubject = (settings: EdfiSettings, domainCode: string) =>
  descriptor(ED_FI_NAMESPACE, "AcademicSubjectDescriptor", settings.academicSubjects[domainCode] ?? "Other");
export const gradeLevel = (settings: EdfiSettings) => descriptor(ED_FI_NAMESPACE, "GradeLevelDescriptor", settings.gradeLevel);
/** A level of the assessment's configuration (its code) as the tenant's own PerformanceLevelDescriptor. */
export const performanceLevel = (settings: EdfiSettings, code: string) => descriptor(settings.namespace, "PerformanceLevelDescriptor", code);
