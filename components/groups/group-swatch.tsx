import { cn } from "@/components/ui/cn";
import { paletteColor } from "@/lib/scoring/group-colors";

/** A group's colour as a dot: the palette's class, or an SVG fill for a colour set through the API (no style attribute under the CSP). */
export function GroupSwatch({ color, className }: { color: string; className?: string }) {
  const known = paletteColor(color);
  if (known)
    return <span aria-hidden="true" className={cn("inline-block size-4 shrink-0 rounded-full ring-1 ring-black/10 ring-inset", known.swatch, className)} />;
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className={cn("size-4 shrink-0", className)}>
      <circle cx="8" cy="8" r="8" fill={color} />
    </svg>
  );
}
