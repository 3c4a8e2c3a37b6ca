import type { FilePurpose } from "@/db/schema/files";

/*
 * What each upload purpose takes: its file kinds (by name ending, declared media type and first
 * bytes) and its largest size. The upload's start refuses what its purpose does not take, before
 * anything is reserved; its completion checks the stored bytes. Pure (no server imports): the upload
 * dialogs check the same limits in the browser.
 */

const MiB = 1024 * 1024;

export interface FileKind {
  label: string;
  /** Name endings, lower case, with the dot. */
  extensions: readonly string[];
  /** Media types a browser or client may declare for it, lower case. */
  types: readonly string[];
  /** Whether the first bytes (up to HEAD_BYTES) are this kind's; null when no signature exists at the start. */
  sniff: ((head: Uint8Array) => boolean) | null;
}

/** How many of a file's first bytes its check reads. */
export const HEAD_BYTES = 4096;

const at = (head: Uint8Array, offset: number, ...bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
const ascii = (head: Uint8Array, offset: number, text: string) => at(head, offset, ...Array.from(text, (c) => c.charCodeAt(0)));
/** ISO base media (MP4, MOV, M4A, HEIC): a box size, then `ftyp` (or an old QuickTime atom). */
const isoMedia = (head: Uint8Array) => ["ftyp", "moov", "mdat", "wide", "free"].some((box) => ascii(head, 4, box));
const zip = (head: Uint8Array) => at(head, 0, 0x50, 0x4b, 0x03, 0x04) || at(head, 0, 0x50, 0x4b, 0x05, 0x06);
/** Text: no NUL in the first bytes, and not an archive. */
const text = (head: Uint8Array) => !head.includes(0) && !zip(head);

const KINDS = {
  jpeg: { label: "JPEG image", extensions: [".jpg", ".jpeg"], types: ["image/jpeg"], sniff: (h) => at(h, 0, 0xff, 0xd8, 0xff) },
  png: { label: "PNG image", extensions: [".png"], types: ["image/png"], sniff: (h) => at(h, 0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  gif: { label: "GIF image", extensions: [".gif"], types: ["image/gif"], sniff: (h) => ascii(h, 0, "GIF8") },
  webp: { label: "WebP image", extensions: [".webp"], types: ["image/webp"], sniff: (h) => ascii(h, 0, "RIFF") && ascii(h, 8, "WEBP") },
  heic: { label: "HEIC photo", extensions: [".heic", ".heif"], types: ["image/heic", "image/heif"], sniff: (h) => ascii(h, 4, "ftyp") },
  pdf: { label: "PDF", extensions: [".pdf"], types: ["application/pdf"], sniff: (h) => ascii(h, 0, "%PDF-") },
  mp3: {
    label: "MP3 audio",
    extensions: [".mp3"],
    types: ["audio/mpeg", "audio/mp3"],
    sniff: (h) => ascii(h, 0, "ID3") || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0),
  },
  m4a: { label: "M4A audio", extensions: [".m4a"], types: ["audio/mp4", "audio/x-m4a", "audio/m4a"], sniff: isoMedia },
  wav: {
    label: "WAV audio",
    extensions: [".wav"],
    types: ["audio/wav", "audio/x-wav", "audio/wave"],
    sniff: (h) => ascii(h, 0, "RIFF") && ascii(h, 8, "WAVE"),
  },
  mp4: { label: "MP4 video", extensions: [".mp4", ".m4v"], types: ["video/mp4"], sniff: isoMedia },
  mov: { label: "QuickTime video", extensions: [".mov"], types: ["video/quicktime"], sniff: isoMedia },
  // Windows reports a .csv as Excel's type when Excel is installed, and some browsers as text/plain.
  csv: { label: "CSV", extensions: [".csv"], types: ["text/csv", "application/csv", "text/x-csv", "application/vnd.ms-excel", "text/plain"], sniff: text },
  xlsx: {
    label: "Excel workbook",
    extensions: [".xlsx"],
    types: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/zip"],
    sniff: zip,
  },
  json: {
    label: "JSON",
    extensions: [".json"],
    types: ["application/json", "text/plain"],
    sniff: (h) => text(h) && /^\uFEFF?\s*[[{]/.test(new TextDecoder().decode(h.subarray(0, 64))),
  },
  zip: { label: "ZIP archive", extensions: [".zip"], types: ["application/zip", "application/x-zip-compressed"], sniff: zip },
  exe: {
    label: "Windows program",
    extensions: [".exe"],
    types: ["application/x-msdownload", "application/vnd.microsoft.portable-executable", "application/x-msdos-program"],
    sniff: (h) => ascii(h, 0, "MZ"),
  },
  msi: {
    label: "Windows installer",
    extensions: [".msi"],
    types: ["application/x-msi", "application/x-ms-installer", "application/x-ole-storage"],
    sniff: (h) => at(h, 0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
  },
  // A disk image's signature (`koly`) is in its last 512 bytes, not its first.
  dmg: { label: "macOS disk image", extensions: [".dmg"], types: ["application/x-apple-diskimage"], sniff: null },
  pkg: {
    label: "macOS package",
    extensions: [".pkg"],
    types: ["application/x-newton-compatible-pkg", "application/vnd.apple.installer+xml"],
    sniff: (h) => ascii(h, 0, "xar!"),
  },
  apk: { label: "Android package", extensions: [".apk"], types: ["application/vnd.android.package-archive", "application/zip"], sniff: zip },
  deb: {
    label: "Debian package",
    extensions: [".deb"],
    types: ["application/vnd.debian.binary-package", "application/x-debian-package", "application/x-deb"],
    sniff: (h) => ascii(h, 0, "!<arch>\n"),
  },
  rpm: {
    label: "RPM package",
    extensions: [".rpm"],
    types: ["application/x-rpm", "application/x-redhat-package-manager"],
    sniff: (h) => at(h, 0, 0xed, 0xab, 0xee, 0xdb),
  },
  targz: {
    label: "gzip archive",
    extensions: [".tar.gz", ".tgz"],
    types: ["application/gzip", "application/x-gzip", "application/x-compressed-tar", "application/x-tar"],
    sniff: (h) => at(h, 0, 0x1f, 0x8b),
  },
} satisfies Record<string, FileKind>;

interface PurposeRule {
  kinds: readonly FileKind[];
  /** Takes a file whose type the client did not know (application/octet-stream): its name and first bytes decide. */
  untyped: boolean;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/** Evidence a teacher attaches to a grade: photos, PDFs, audio and video. */
export const EVIDENCE_RULE: PurposeRule = {
  kinds: [KINDS.jpeg, KINDS.png, KINDS.heic, KINDS.webp, KINDS.pdf, KINDS.mp3, KINDS.m4a, KINDS.wav, KINDS.mp4, KINDS.mov],
  // The stored object is served with its declared type, which attaching it checks.
  untyped: false,
  maxBytes: 100 * MiB,
  typeMessage: "File type not allowed: use a photo, PDF, audio or video file",
  sizeMessage: "File is larger than 100 MB",
};

/** A bulk-load file: CSV or Excel. */
export const BULK_LOAD_RULE: PurposeRule = {
  kinds: [KINDS.csv, KINDS.xlsx],
  untyped: true,
  maxBytes: 50 * MiB,
  typeMessage: "The file must be a CSV (.csv) or Excel (.xlsx) file",
  sizeMessage: "The file may not be larger than 50 MB",
};

/** A OneRoster 1.2 CSV bundle: a ZIP of manifest.csv and the roster files (lib/oneroster). */
export const ONEROSTER_RULE: PurposeRule = {
  kinds: [KINDS.zip],
  untyped: true,
  maxBytes: 100 * MiB,
  typeMessage: "A OneRoster bundle must be a ZIP (.zip) file",
  sizeMessage: "A OneRoster bundle may not be larger than 100 MB",
};

export const UPLOAD_RULES: Record<FilePurpose, PurposeRule> = {
  oneroster: ONEROSTER_RULE,
  evidence: EVIDENCE_RULE,
  "bulk-load": BULK_LOAD_RULE,
  "item-resource": {
    kinds: [KINDS.pdf, KINDS.png, KINDS.jpeg, KINDS.gif, KINDS.webp, KINDS.mp3, KINDS.m4a, KINDS.wav, KINDS.mp4],
    untyped: true,
    maxBytes: 200 * MiB,
    typeMessage: "An item resource must be a PDF, an image (PNG, JPEG, GIF, WebP), audio (MP3, M4A, WAV) or an MP4 video",
    sizeMessage: "An item resource may not be larger than 200 MB",
  },
  "assessment-import": {
    kinds: [KINDS.json],
    untyped: true,
    maxBytes: 20 * MiB,
    typeMessage: "An assessment import must be a JSON (.json) file",
    sizeMessage: "An assessment import may not be larger than 20 MB",
  },
  // The info sheet (a PDF) and the installers the downloads page offers.
  "tenant-resource": {
    kinds: [KINDS.pdf, KINDS.zip, KINDS.exe, KINDS.msi, KINDS.dmg, KINDS.pkg, KINDS.apk, KINDS.deb, KINDS.rpm, KINDS.targz],
    untyped: true,
    maxBytes: 2 * 1024 * MiB,
    typeMessage: "A tenant resource must be a PDF or an installer (.zip, .exe, .msi, .dmg, .pkg, .apk, .deb, .rpm, .tar.gz, .tgz)",
    sizeMessage: "A tenant resource may not be larger than 2 GB",
  },
};

/** The media type without parameters, lower-cased: "image/JPEG; x=1" is image/jpeg. */
export const baseType = (value: string) => value.split(";")[0].trim().toLowerCase();

/** The kind of the purpose a file name ends in; null when the purpose takes no such file. */
function kindOf(purpose: FilePurpose, fileName: string): FileKind | null {
  const name = fileName.toLowerCase();
  return UPLOAD_RULES[purpose].kinds.find((k) => k.extensions.some((ext) => name.endsWith(ext))) ?? null;
}

/** Why the purpose refuses a file by its name, declared type and size; null when it takes it. */
export function refusalOf(purpose: FilePurpose, file: { fileName: string; contentType: string; size: number }): { field: string; message: string } | null {
  const rule = UPLOAD_RULES[purpose];
  const kind = kindOf(purpose, file.fileName);
  if (!kind) return { field: "fileName", message: rule.typeMessage };
  const declared = baseType(file.contentType);
  if (!kind.types.includes(declared) && !(rule.untyped && declared === "application/octet-stream")) return { field: "contentType", message: rule.typeMessage };
  if (file.size > rule.maxBytes) return { field: "size", message: rule.sizeMessage };
  return null;
}

/** Whether a stored file's first bytes are what its name says. */
export function contentMatches(purpose: FilePurpose, fileName: string, head: Uint8Array): boolean {
  const kind = kindOf(purpose, fileName);
  return !!kind && (kind.sniff === null || kind.sniff(head));
}
