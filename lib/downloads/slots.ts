/** The installers the downloads page offers (spec section 1): two web apps and the file watcher builds. */
export const DOWNLOAD_SLOTS = ["kra-web-app", "ela-web-app", "file-watcher-pc", "file-watcher-deb", "file-watcher-rpm", "file-watcher-zip"] as const;
export type DownloadSlot = (typeof DOWNLOAD_SLOTS)[number];

export interface SlotInfo {
  slot: DownloadSlot;
  title: string;
  description: string;
  platform: string;
  group: "apps" | "file-watcher";
  /** File name endings a system admin may publish in the slot (lower case, with the dot). */
  extensions: readonly string[];
}

/** What each download slot offers; pure, so the page and the upload dialog share it. */
export const SLOTS: readonly SlotInfo[] = [
  {
    slot: "kra-web-app",
    title: "KRA web app",
    description: "Kindergarten readiness assessment app for classroom devices, to score children where they work.",
    platform: "Windows, macOS, Chromebook",
    group: "apps",
    extensions: [".zip", ".exe", ".msi", ".dmg", ".pkg", ".apk"],
  },
  {
    slot: "ela-web-app",
    title: "ELA web app",
    description: "Early literacy checkpoint app for classroom devices.",
    platform: "Windows, macOS, Chromebook",
    group: "apps",
    extensions: [".zip", ".exe", ".msi", ".dmg", ".pkg", ".apk"],
  },
  {
    slot: "file-watcher-pc",
    title: "File watcher for PC",
    description: "Watches a folder on a district server and sends new roster files to the platform.",
    platform: "Windows",
    group: "file-watcher",
    extensions: [".exe", ".msi", ".zip"],
  },
  {
    slot: "file-watcher-deb",
    title: "File watcher for Linux (deb)",
    description: "For Debian and Ubuntu servers.",
    platform: "Linux · .deb package",
    group: "file-watcher",
    extensions: [".deb"],
  },
  {
    slot: "file-watcher-rpm",
    title: "File watcher for Linux (rpm)",
    description: "For Red Hat, Rocky, Alma and SUSE servers.",
    platform: "Linux · .rpm package",
    group: "file-watcher",
    extensions: [".rpm"],
  },
  {
    slot: "file-watcher-zip",
    title: "File watcher for Linux (zip)",
    description: "A portable archive for any Linux server.",
    platform: "Linux · .zip archive",
    group: "file-watcher",
    extensions: [".zip", ".tar.gz", ".tgz"],
  },
];

export function slotInfo(slot: DownloadSlot): SlotInfo {
  return SLOTS.find((s) => s.slot === slot)!;
}

export function acceptsFile(slot: DownloadSlot, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return slotInfo(slot).extensions.some((ext) => name.endsWith(ext));
}

export const NOT_YET_AVAILABLE = "Not yet available";

/**
 * The multipart-upload purpose installers are uploaded under: a system admin's own resource file;
 * publishing it in a slot is what makes it downloadable by everyone.
 */
export const DOWNLOAD_UPLOAD_PURPOSE = "tenant-resource" as const;
