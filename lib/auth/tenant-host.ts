/** Which state's branding a host name shows (pure: used by the proxy, pages and the tenant search). */

interface Brand {
  /** The state key ("maryland"), or "default". */
  key: string;
  name: string;
  logoUrl: string;
  subLogoUrl: string;
}

export const DEFAULT_BRAND: Brand = {
  key: "default",
  name: "Assessment Platform",
  logoUrl: "/logos/default.svg",
  subLogoUrl: "/logos/sub-logo.svg",
};

const STATES: Record<string, string> = {
  ohio: "Ohio",
  hawaii: "Hawaii",
  indiana: "Indiana",
  maryland: "Maryland",
  michigan: "Michigan",
  "south-carolina": "South Carolina",
};

/** Host prefixes that name a state another way; "mdk" is Maryland's KRA host. */
const ALIASES: Record<string, string> = {
  southcarolina: "south-carolina",
  mdk: "maryland",
};

/** The first label of a host name, lower-cased, without port ("ohio" of "ohio.kra.example.org:3000"). */
export function hostLabel(host: string | null | undefined): string {
  if (!host) return "";
  const name = host.trim().toLowerCase().replace(/:\d+$/, "");
  if (/^\[.*\]$/.test(name) || /^\d+(\.\d+){3}$/.test(name)) return "";
  return name.split(".")[0] ?? "";
}

/** The state key a host label stands for, or null. */
function stateKey(label: string): string | null {
  const key = label.toLowerCase();
  // Own keys only: "constructor" or "tostring" must not find Object's prototype.
  if (Object.hasOwn(STATES, key)) return key;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : null;
}

/** The built-in branding of a state key or host label; the default for any other. */
export function brandFor(labelOrKey: string | null | undefined): Brand {
  const key = labelOrKey ? stateKey(labelOrKey) : null;
  if (!key) return DEFAULT_BRAND;
  return { key, name: STATES[key], logoUrl: `/logos/${key}.svg`, subLogoUrl: DEFAULT_BRAND.subLogoUrl };
}
