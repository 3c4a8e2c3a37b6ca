/**
 * The colours a teacher picks for a group. The group stores the hex value (spec §3); each colour has
 * its own literal Tailwind class because the CSP refuses style attributes.
 */
export interface GroupColor {
  name: string;
  hex: string;
  /** The swatch's background class. */
  swatch: string;
}

export const GROUP_COLORS: readonly GroupColor[] = [
  { name: "Blue", hex: "#1976d2", swatch: "bg-[#1976d2]" },
  { name: "Green", hex: "#2e7d32", swatch: "bg-[#2e7d32]" },
  { name: "Orange", hex: "#ef6c00", swatch: "bg-[#ef6c00]" },
  { name: "Red", hex: "#c62828", swatch: "bg-[#c62828]" },
  { name: "Purple", hex: "#6a1b9a", swatch: "bg-[#6a1b9a]" },
  { name: "Teal", hex: "#00838f", swatch: "bg-[#00838f]" },
  { name: "Pink", hex: "#ad1457", swatch: "bg-[#ad1457]" },
  { name: "Brown", hex: "#6d4c41", swatch: "bg-[#6d4c41]" },
];

/** The palette entry of a stored colour (groups made through the API may hold any hex value). */
export function paletteColor(hex: string): GroupColor | undefined {
  const wanted = hex.toLowerCase();
  return GROUP_COLORS.find((c) => c.hex === wanted);
}
