/** The spec's profile routes (administration.md §2): where a create opens, where a location delete lands. */
const BASE = "/administrator/organizations";

export const organisationsPath = () => BASE;
export const regionPath = (regionId: number) => `${BASE}/regions/${regionId}/profile/details`;
export const districtPath = (regionId: number, districtId: number) => `${BASE}/regions/${regionId}/district/${districtId}/profile/details`;
/** The district's location list: the landing page after a location delete. */
export const districtListPath = (regionId: number, districtId: number) => `${BASE}/regions/${regionId}/district/${districtId}/profile/list`;
export const locationPath = (regionId: number, districtId: number, locationId: number) =>
  `${BASE}/regions/${regionId}/district/${districtId}/location/${locationId}/profile/details`;
