import type { Random } from "./random";

/**
 * How a state of N kindergartners is organised, from public figures (DOMAIN.md): about 87 per
 * school (130,000 in 1,500 locations), 2.5 schools per district, about 21 children per teacher,
 * at most 16 regions. Schools differ in size: the smallest about a quarter of the largest.
 */
export interface StateShape {
  regions: string[];
  /** Per district, the index of its region. */
  districtRegion: number[];
  /** Per location, the index of its district. */
  locationDistrict: number[];
  studentsPerLocation: number[];
  teachersPerLocation: number[];
}

const REGION_NAMES = [
  "Northwest",
  "Northeast",
  "North Central",
  "West Central",
  "Central",
  "East Central",
  "Southwest",
  "South Central",
  "Southeast",
  "Lake Erie",
  "River Valley",
  "Miami Valley",
  "Western Reserve",
  "Appalachian",
  "Great Lakes",
  "Mid-State",
];

export function stateShape(students: number, random: Random): StateShape {
  const locationCount = Math.max(1, Math.round(students / 87));
  const districtCount = Math.max(1, Math.round(locationCount / 2.5));
  const regionCount = Math.max(1, Math.min(REGION_NAMES.length, Math.round(districtCount / 37)));

  const districtRegion = Array.from({ length: districtCount }, (_, i) => i % regionCount);
  // Every district gets one school; the rest go anywhere.
  const locationDistrict = Array.from({ length: locationCount }, (_, i) => (i < districtCount ? i : random.int(0, districtCount - 1)));

  const weights = Array.from({ length: locationCount }, () => 0.4 + 1.2 * random.next() ** 1.3);
  const total = weights.reduce((a, b) => a + b, 0);
  const studentsPerLocation = weights.map((w) => Math.floor((w / total) * students));
  let left = students - studentsPerLocation.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % locationCount, left--) studentsPerLocation[i]++;

  return {
    regions: REGION_NAMES.slice(0, regionCount).map((name) => `${name} Region`),
    districtRegion,
    locationDistrict,
    studentsPerLocation,
    teachersPerLocation: studentsPerLocation.map((n) => Math.max(1, Math.round(n / 21.7))),
  };
}
