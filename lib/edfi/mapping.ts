import { INTEGER, SCALE_SCORE, academicSubject, gradeLevel, performanceLevel, type EdfiSettings } from "./settings";

/**
 * The platform's stored results as Ed-Fi Data Standard 5 resources (pure: the export reads the rows,
 * this shapes them). Field by field in docs/integrations.md 'Ed-Fi assessment results'; checked against
 * the Ed-Fi Alliance's published resource schemas in tests/api/edfi-export.test.ts.
 *
 * Natural keys: an Assessment is one data collection (its levels and cut scores may differ from
 * another window's: the collection's scoring overrides the assessment's configuration), so its
 * assessmentIdentifier is `collection-{id}` in the tenant's namespace; an ObjectiveAssessment is a
 * domain of it (identificationCode: the domain's code); a StudentAssessment is one child in that
 * collection (`collection-{id}-student-{student id}`), whatever enrollment or school they were scored at.
 */

export interface Level {
  code: string;
  label: string;
  min: number;
  max: number;
}

/** What the export knows of a collection (lib/edfi/export.ts reads it once). */
export interface EdfiCollection {
  id: number;
  name: string;
  assessmentName: string;
  /** Ed-Fi's school year: the calendar year the school year ends in (2025-2026 is 2026). */
  schoolYear: number;
  /** The effective configuration's performance levels with numeric bounds, in order. */
  levels: Level[];
  /** The scale scores' range, when the configuration fixes one. */
  scoreRange: { min: number; max: number } | null;
  /** The collection's domains (top-level hierarchy items) in the collection's order. */
  domains: { code: string; label: string }[];
  settings: EdfiSettings;
}

/** One child's stored results (student_results) with the ids the keys are made of. */
export interface EdfiResultRow {
  student_id: number;
  state_id: string;
  school_code: string | null;
  overall_score: number | null;
  performance_level: string | null;
  domain_scores: Record<string, unknown> | null;
  /** Domain code -> level code of its stored scale score (result_performance_level). */
  domain_levels: Record<string, string | null> | null;
  first_scored: Date | string | null;
  last_scored: Date | string | null;
}

export const assessmentIdentifier = (collectionId: number) => `collection-${collectionId}`;
export const studentAssessmentIdentifier = (collectionId: number, studentId: number) => `collection-${collectionId}-student-${studentId}`;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Levels as the configuration holds them: objects with a code and numeric min and max; anything else is left out. */
export function levelsOf(config: Record<string, unknown>): Level[] {
  const levels = config.performanceLevels;
  if (!Array.isArray(levels)) return [];
  return levels.flatMap((l) => {
    if (!l || typeof l !== "object") return [];
    const { code, label, min, max } = l as Record<string, unknown>;
    if (typeof code !== "string" || !code || typeof min !== "number" || typeof max !== "number") return [];
    return [{ code, label: typeof label === "string" ? label : code, min, max }];
  });
}

/**
 * The scale scores' range: the configuration's scaleScore, else the span of its levels, else 0-100
 * (result_scale_score's percent of the points) unless raw-to-scale tables set scores no range names.
 */
export function scoreRangeOf(config: Record<string, unknown>, levels: Level[]): { min: number; max: number } | null {
  const scale = config.scaleScore as { min?: unknown; max?: unknown } | undefined;
  if (scale && typeof scale.min === "number" && typeof scale.max === "number") return { min: scale.min, max: scale.max };
  if (levels.length) return { min: Math.min(...levels.map((l) => l.min)), max: Math.max(...levels.map((l) => l.max)) };
  if (config.rawToScale && typeof config.rawToScale === "object") return null;
  return { min: 0, max: 100 };
}

const reference = (c: EdfiCollection) => ({ assessmentIdentifier: assessmentIdentifier(c.id), namespace: c.settings.namespace });

/** The bands of a score, the same for the overall score and each domain (domain bands reuse the level bounds). */
const levelBands = (c: EdfiCollection) =>
  c.levels.map((l) => ({
    assessmentReportingMethodDescriptor: SCALE_SCORE,
    performanceLevelDescriptor: performanceLevel(c.settings, l.code),
    resultDatatypeTypeDescriptor: INTEGER,
    minimumScore: String(l.min),
    maximumScore: String(l.max),
  }));

const scoreRanges = (c: EdfiCollection) =>
  c.scoreRange
    ? [
        {
          assessmentReportingMethodDescriptor: SCALE_SCORE,
          resultDatatypeTypeDescriptor: INTEGER,
          minimumScore: String(c.scoreRange.min),
          maximumScore: String(c.scoreRange.max),
        },
      ]
    : [];

/** The collection's assessment: title, subjects, grade, levels with their cut scores, the score range. */
export function assessmentResource(c: EdfiCollection) {
  const subjects = [...new Set(c.domains.map((d) => academicSubject(c.settings, d.code)))];
  return {
    ...reference(c),
    assessmentTitle: cut(`${c.assessmentName}: ${c.name}`, 255),
    assessmentFamily: cut(c.assessmentName, 60),
    academicSubjects: (subjects.length ? subjects : [academicSubject(c.settings, "")]).map((academicSubjectDescriptor) => ({ academicSubjectDescriptor })),
    assessedGradeLevels: [{ gradeLevelDescriptor: gradeLevel(c.settings) }],
    performanceLevels: levelBands(c),
    scores: scoreRanges(c),
  };
}

/** Each domain as an objective assessment of the collection's assessment. */
export function objectiveAssessmentResources(c: EdfiCollection) {
  return c.domains.map((d) => ({
    identificationCode: cut(d.code, 60),
    assessmentReference: reference(c),
    description: cut(d.label, 1024),
    nomenclature: "Domain",
    academicSubjectDescriptor: academicSubject(c.settings, d.code),
    performanceLevels: levelBands(c),
    scores: scoreRanges(c),
  }));
}

/** A timestamp as Ed-Fi's date-time (UTC, whole seconds). */
function dateTime(value: Date | string | null): string | null {
  if (value === null) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString().replace(/\.\d{3}Z$/, "Z");
}

const scoreResult = (score: number) => [{ assessmentReportingMethodDescriptor: SCALE_SCORE, resultDatatypeTypeDescriptor: INTEGER, result: String(score) }];
const levelResult = (c: EdfiCollection, code: string | null | undefined) =>
  code ? [{ assessmentReportingMethodDescriptor: SCALE_SCORE, performanceLevelDescriptor: performanceLevel(c.settings, code) }] : [];

/**
 * A school's Ed-Fi schoolId is an integer: a location id of digits only becomes one (leading zeros
 * go, as an integer has none); any other id is sent as reportedSchoolIdentifier, as written.
 */
function reportedSchool(code: string | null) {
  if (!code) return {};
  if (/^\d{1,15}$/.test(code)) return { reportedSchoolReference: { schoolId: Number(code) } };
  return { reportedSchoolIdentifier: cut(code, 60) };
}

/** One child's results in the collection: overall scale score and level, then each scored domain. */
export function studentAssessmentResource(c: EdfiCollection, row: EdfiResultRow) {
  const scores = row.domain_scores ?? {};
  const administrationDate = dateTime(row.first_scored);
  const administrationEndDate = row.overall_score === null ? null : dateTime(row.last_scored);
  return {
    studentAssessmentIdentifier: studentAssessmentIdentifier(c.id, row.student_id),
    assessmentReference: reference(c),
    studentReference: { studentUniqueId: row.state_id },
    schoolYearTypeReference: { schoolYear: c.schoolYear },
    ...reportedSchool(row.school_code),
    ...(administrationDate ? { administrationDate } : {}),
    ...(administrationEndDate ? { administrationEndDate } : {}),
    whenAssessedGradeLevelDescriptor: gradeLevel(c.settings),
    scoreResults: row.overall_score === null ? [] : scoreResult(row.overall_score),
    performanceLevels: row.overall_score === null ? [] : levelResult(c, row.performance_level),
    studentObjectiveAssessments: c.domains.flatMap((d) => {
      const score = scores[d.code];
      if (typeof score !== "number") return [];
      return [
        {
          objectiveAssessmentReference: { ...reference(c), identificationCode: cut(d.code, 60) },
          scoreResults: scoreResult(score),
          performanceLevels: levelResult(c, row.domain_levels?.[d.code]),
        },
      ];
    }),
  };
}
