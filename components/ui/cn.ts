/** Join class names, skipping falsy ones (no merging: components keep their classes distinct). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
