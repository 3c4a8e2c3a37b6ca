/** Pages of the collections administration (spec §2: a created collection opens on its details). */
const BASE = "/administrator/collections";

export type CollectionTab = "details" | "sets" | "assignments" | "scoring";

export const collectionsPath = () => BASE;
export const collectionPath = (id: number, tab: CollectionTab = "details") => `${BASE}/${id}/profile/${tab}`;
