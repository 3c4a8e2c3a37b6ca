import type { NavIcon } from "@/lib/shell/navigation";

type IconName = NavIcon | "bell" | "menu" | "close" | "download" | "help" | "user" | "logout" | "external" | "collapse" | "expand" | "offline" | "switch";

/** Outline icons on a 24-unit grid; decorative, so hidden from assistive technology. */
const PATHS: Record<IconName, string> = {
  dashboard: "M4 13h6V4H4v9Zm0 7h6v-5H4v5Zm10 0h6v-9h-6v9Zm0-16v5h6V4h-6Z",
  assessments:
    "M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2m-6 9 2 2 4-4",
  acknowledgements: "M9 12l2 2 4-4m5.6-4A11.9 11.9 0 0 1 12 3a11.9 11.9 0 0 1-8.6 3A12 12 0 0 0 12 21a12 12 0 0 0 8.6-15Z",
  tenants: "M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16m0 0h4V11a2 2 0 0 0-2-2h-2M4 21h12M8 7h4M8 11h4M8 15h4",
  users:
    "M17 20h5v-2a3 3 0 0 0-5.4-1.8M17 20H7m10 0v-2c0-.7-.1-1.3-.4-1.8M7 20H2v-2a3 3 0 0 1 5.4-1.8M7 20v-2c0-.7.1-1.3.4-1.8m0 0a5 5 0 0 1 9.2 0M15 7a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z",
  calendar: "M8 7V3m8 4V3M7 11h10M5 21h14a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2Z",
  bell: "M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2c0 .5-.2 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 18 18 6M6 6l12 12",
  download: "M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 10l5 5 5-5M12 15V3",
  help: "M8.2 9a4 4 0 0 1 7.6 1c0 2-3 3-3 3m.2 4h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  user: "M16 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0ZM12 14a7 7 0 0 0-7 7h14a7 7 0 0 0-7-7Z",
  logout: "M17 16l4-4m0 0-4-4m4 4H7m6 4v1a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h4a3 3 0 0 1 3 3v1",
  external: "M10 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4M14 4h6m0 0v6m0-6L10 14",
  collapse: "M11 19l-7-7 7-7m8 14-7-7 7-7",
  expand: "M13 5l7 7-7 7M5 5l7 7-7 7",
  switch: "M8 7h12m0 0-4-4m4 4-4 4M16 17H4m0 0 4 4m-4-4 4-4",
  offline:
    "M3 3l18 18M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 3.6-2.3m3.4-.6c2.6 0 5 1 6.9 2.8M1.4 9.3a15 15 0 0 1 4.2-2.7M10.7 5A15 15 0 0 1 22.6 9.3M12 20h.01",
};

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
