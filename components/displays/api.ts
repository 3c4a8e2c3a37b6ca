import { API, apiData, callApi } from "@/components/api/client";
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

const FETCHING = { fallback: "Error fetching data" };

export async function fetchDisplay(role: DisplayRole, type: DisplayType, query: Record<string, string>, fallback: string): Promise<DisplayResult> {
  const { url } = await apiData<{ url: string }>("GET", `/data-displays/${role}/${type}?${new URLSearchParams(query)}`, undefined, { fallback });
  // The signed URL names this app; fetched by path (under the API) so it stays on the page's own origin.
  const signed = new URL(url, window.location.href);
  return apiData<DisplayResult>("GET", `${signed.pathname.slice(API.length)}${signed.search}`, undefined, { fallback });
}

export async function listFilters(collectionId: number): Promise<SavedFilter[]> {
  return (await apiData<{ filters: SavedFilter[] }>("GET", `/data-collections-filters?dataCollectionId=${collectionId}`, undefined, FETCHING)).filters;
}

export async function saveFilter(input: {
  id?: number;
  name: string;
  color?: string | null;
  dataCollectionsId: number;
  metadata: Record<string, unknown>;
}): Promise<{ filter: SavedFilter; message: string }> {
  return apiData(input.id ? "PUT" : "POST", "/data-collections-filters", { ...input, metadata: JSON.stringify(input.metadata) });
}

export async function removeFilter(id: number): Promise<string> {
  return (await apiData<{ message: string }>("DELETE", `/data-collections-filters/${id}`)).message;
}

export async function fetchRaceCodes(): Promise<{ label: string; value: number }[]> {
  const answer = await callApi<{ raceCodes: { label: string; value: number }[] }>("GET", "/race-codes");
  return answer.ok ? answer.data.raceCodes : [];
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

const periodsPath = (collectionId: number) => `/data-collections/${collectionId}/checkpoint-periods`;

export async function listPeriods(collectionId: number): Promise<PeriodWire[]> {
  return (await apiData<{ checkpointPeriods: PeriodWire[] }>("GET", periodsPath(collectionId), undefined, FETCHING)).checkpointPeriods;
}

export async function addPeriod(
  collectionId: number,
  input: { label: string; startDate: number; endDate: number },
): Promise<{ checkpointPeriod: PeriodWire; message: string }> {
  return apiData("POST", periodsPath(collectionId), input);
}

export async function removePeriod(collectionId: number, id: number): Promise<string> {
  return (await apiData<{ message: string }>("DELETE", `${periodsPath(collectionId)}/${id}`)).message;
}

export interface LayerCountWire {
  count: number;
  levels: Record<string, number>;
  domains: Record<string, { count: number; levels: Record<string, number> }>;
}

/** Layers counted on the server, for a state or region display (it lists no children to match here). */
export async function fetchLayerCounts(body: Record<string, unknown>): Promise<LayerCountWire[]> {
  return (await apiData<{ layers: LayerCountWire[] }>("POST", "/data-displays/layers", body, FETCHING)).layers;
}
