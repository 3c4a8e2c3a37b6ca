import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/**
 * Lookups every database needs, whatever its tenants: written after migrations on every start,
 * idempotently. Race codes are bit values: a student's race is the sum of the chosen codes.
 */
export const RACE_CODES = [
  { code: "AMERICAN_INDIAN_ALASKA_NATIVE", label: "American Indian or Alaska Native", bitValue: 1 },
  { code: "ASIAN", label: "Asian", bitValue: 2 },
  { code: "BLACK_AFRICAN_AMERICAN", label: "Black or African American", bitValue: 4 },
  { code: "HISPANIC_LATINO", label: "Hispanic or Latino", bitValue: 8 },
  { code: "NATIVE_HAWAIIAN_PACIFIC_ISLANDER", label: "Native Hawaiian or Other Pacific Islander", bitValue: 16 },
  { code: "WHITE", label: "White", bitValue: 32 },
  { code: "MIDDLE_EASTERN_NORTH_AFRICAN", label: "Middle Eastern or North African", bitValue: 64 },
  { code: "TWO_OR_MORE", label: "Two or More Races", bitValue: 128 },
  { code: "OTHER", label: "Other", bitValue: 256 },
  { code: "NOT_REPORTED", label: "Not Reported", bitValue: 512 },
] as const;

/** Raw SQL: callers may hold a Drizzle instance without the snake_case casing option. */
export async function writeReferenceData(executor: Executor): Promise<void> {
  const values = sql.join(
    RACE_CODES.map((r, i) => sql`(${r.code}, ${r.label}, ${r.bitValue}, ${i + 1})`),
    sql`, `,
  );
  await executor.execute(sql`
    insert into race_codes (code, label, bit_value, sort_order) values ${values}
    on conflict (bit_value) do update set code = excluded.code, label = excluded.label, sort_order = excluded.sort_order`);
}
