import type { DisplayResult, DisplayRole, DisplayType } from "@/lib/displays/model";

/* The browser's side of spec §7 'Data displays and filters': the display URL, then the display. */

export interface SavedFilter {
  id: number;
  name: string;
  color: string | null;
  dataCollectionsId: number;
  filterType: "DATA_FILTERS" | "VIEW_SETTINGS_FILTERS" | "VISIBLE_ITEMS_FILTERS" | "CUSTOM_LISTS_FILTERS" | "OTHER_FILTERS";
  metadata: string;
}

const JSON_INIT: RequestInit = { credentials: "same-origin", headers: { "content-type": "application/json" } };

/** The server's message, else the caller's fallback (spec §8). */
async function failure(res: Response, fallback: string): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return new Error(typeof body?.message === "string" ? body.message : fallback);
}

export async function fetchDisplay(role: DisplayRole, type: DisplayType, query: Record<string, string>, fallback: string): Promise<DisplayResult> {
  const asked = await fetch(`/en/api/v1/data-displays/${role}/${type}?${new URLSearchParams(query)}`, { credentials: "same-origin" });
  if (!asked.ok) throw await failure(asked, fallback);
  const { url } = (await asked.json()) as { url: string };
  // The signed URL names this app; fetched by path so it stays on the page's own origin.
  const signed = new URL(url, window.location.href);
  const res = await fetch(`${signed.pathname}${signed.search}`, { credentials: "same-origin" });
  if (!res.ok) throw await failure(res, fallback);
  return (await res.json()) as DisplayResult;
}

export async function listFilters(collectionId: number): Promise<SavedFilter[]> {
  const res = await fetch(`/en/api/v1/data-collections-filters?dataCollectionId=${collectionId}`, { credentials: "same-origin" });
  if (!res.ok) throw await failure(res, "Error fetching data");
  return ((await res.json()) as { filters: SavedFilter[] }).filters;
}

export async function saveFilter(input: {
  id?: number;
  name: string;
  color?: string | null;
  dataCollectionsId: number;
  metadata: Record<string, unknown>;
}): Promise<{ filter: SavedFilter; message: string }> {
  const res = await fetch("/en/api/v1/data-collections-filters", {
    ...JSON_INIT,
    method: input.id ? "PUT" : "POST",
    body: JSON.stringify({ ...input, metadata: JSON.stringify(input.metadata) }),
  });
  if (!res.ok) throw await failure(res, "Something went wrong");
  return (await res.json()) as { filter: SavedFilter; message: string };
}

export async function removeFilter(id: number): Promise<string> {
  const res = await fetch(`/en/api/v1/data-collections-filters/${id}`, { ...JSON_INIT, method: "DELETE" });
  if (!res.ok) throw await failure(res, "Something went wrong");
  return ((await res.json()) as { message: string }).message;
}

export async function fetchRaceCodes(): Promise<{ label: string; value: number }[]> {
  const res = await fetch("/en/api/v1/race-codes", { credentials: "same-origin" });
  if (!res.ok) return [];
  return ((await res.json()) as { raceCodes: { label: string; value: number }[] }).raceCodes;
}

export function metadataOf(filter: SavedFilter): Record<string, unknown> {
  try {
    return JSON.parse(filter.metadata) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A collection's checkpoint periods (collection-wide; spec §3), as the display uses them. */
export interface PeriodWire {
  id: number;
  label: string;
  color: string;
  startDate: number;
  endDate: number;
}

const periodsPath = (collectionId: number) => `/en/api/v1/data-collections/${collectionId}/checkpoint-periods`;

export async function listPeriods(collectionId: number): Promise<PeriodWire[]> {
  const res = await fetch(periodsPath(collectionId), { credentials: "same-origin" });
  if (!res.ok) throw await failure(res, "Error fetching data");
  return ((await res.json()) as { checkpointPeriods: PeriodWire[] }).checkpointPeriods;
}

export async function addPeriod(
  collectionId: number,
  input: { label: string; startDate: number; endDate: number },
): Promise<{ checkpointPeriod: PeriodWire; message: string }> {
  const res = await fetch(periodsPath(collectionId), { ...JSON_INIT, method: "POST", body: JSON.stringify(input) });
  if (!res.ok) throw await failure(res, "Something went wrong");
  return (await res.json()) as { checkpointPeriod: PeriodWire; message: string };
}

export async function removePeriod(collectionId: number, id: number): Promise<string> {
  const res = await fetch(`${periodsPath(collectionId)}/${id}`, { ...JSON_INIT, method: "DELETE" });
  if (!res.ok) throw await failure(res, "Something went wrong");
  return ((await res.json()) as { message: string }).message;
}

export interface LayerCountWire {
  count: number;
  levels: Record<string, number>;
  domains: Record<string, { count: number; levels: Record<string, number> }>;
}

/** Layers counted on the server, for a state or region display (it lists no children to match here). */
export async function fetchLayerCounts(body: Record<string, unknown>): Promise<LayerCountWire[]> {
  const res = await fetch("/en/api/v1/data-displays/layers", { ...JSON_INIT, method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw await failure(res, "Error fetching data");
  return ((await res.json()) as { layers: LayerCountWire[] }).layers;
}
