import type { FEATURES, OrgType, Role } from "../schema";

/** The two demo tenants and their accounts, as data. Indices refer to the plan's own lists. */
interface DistrictPlan {
  name: string;
  code: string;
  locations: number;
  isCensus?: boolean;
}

export interface TenantPlan {
  /** The plan's own name ("maryland"): its built-in branding, and the seed of its random names. */
  key: string;
  name: string;
  slug: string;
  hostAliases: string[];
  welcomeMessage: string;
  /** Offset of the state student ids (ten digits, leading zeros). */
  ssidOffset: number;
  /** Custom enrollment fields: input_1 is the classroom, option_1 the kindergarten schedule. */
  classroomLabel: string;
  regions: { name: string; code: string; districts: DistrictPlan[] }[];
}

export const DEMO_TENANTS: TenantPlan[] = [
  {
    key: "maryland",
    name: "Maryland",
    slug: "maryland",
    hostAliases: ["mdk"],
    welcomeMessage: "Welcome to Maryland's Kindergarten Readiness Assessment.",
    ssidOffset: 4_100_237,
    classroomLabel: "Classroom",
    regions: [
      {
        name: "Central Maryland",
        code: "MD-C",
        districts: [
          { name: "Baltimore County Public Schools", code: "03", locations: 3, isCensus: true },
          { name: "Howard County Public School System", code: "13", locations: 2 },
        ],
      },
      {
        name: "Capital Region",
        code: "MD-CR",
        districts: [
          { name: "Montgomery County Public Schools", code: "15", locations: 3, isCensus: true },
          { name: "Prince George's County Public Schools", code: "16", locations: 2 },
        ],
      },
      {
        name: "Eastern Shore",
        code: "MD-ES",
        districts: [
          { name: "Talbot County Public Schools", code: "20", locations: 1 },
          { name: "Worcester County Public Schools", code: "23", locations: 1 },
        ],
      },
    ],
  },
  {
    key: "ohio",
    name: "Ohio",
    slug: "ohio",
    hostAliases: [],
    welcomeMessage: "Welcome to Ohio's Kindergarten Readiness Assessment.",
    ssidOffset: 87_003_911,
    classroomLabel: "Homeroom",
    regions: [
      {
        name: "Central Ohio",
        code: "OH-C",
        districts: [
          { name: "Columbus City Schools", code: "043802", locations: 2, isCensus: true },
          { name: "Westerville City School District", code: "045286", locations: 1 },
        ],
      },
      {
        name: "Northeast Ohio",
        code: "OH-NE",
        districts: [
          { name: "Akron Public Schools", code: "043489", locations: 2 },
          { name: "Medina City School District", code: "044347", locations: 1 },
        ],
      },
      {
        name: "Southwest Ohio",
        code: "OH-SW",
        districts: [{ name: "Cincinnati Public Schools", code: "043752", locations: 2, isCensus: true }],
      },
    ],
  },
];

export interface DemoAccount {
  email: string;
  description: string;
  /** The key of the account's tenant plan. */
  tenant: "maryland" | "ohio";
  firstName: string;
  lastName: string;
  roles: Role[];
  features?: (typeof FEATURES)[number][];
  /** An organisation link by index in the tenant plan (regions, districts and locations in plan order). */
  link?: { orgType: OrgType; index: number; administrative: boolean };
  /** The account teaches the first classroom of this location (by index): its roster. */
  teachesAt?: number;
}

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "Demo-pass1";

/**
 * system@demo.test needs a tenant (users.tenant_id is required and the schema has no platform
 * tenant): it belongs to Maryland and acts within it; only its system.* permissions span tenants.
 */
export const DEMO_ACCOUNT_PLANS: DemoAccount[] = [
  {
    email: "system@demo.test",
    description: "system administrator, home tenant Maryland",
    tenant: "maryland",
    firstName: "Pat",
    lastName: "Morgan",
    roles: ["ROLE_SYSTEM_ADMIN"],
  },
  {
    email: "tenant.admin@demo.test",
    description: "tenant admin and admin, Maryland",
    tenant: "maryland",
    firstName: "Morgan",
    lastName: "Ellis",
    roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"],
    features: ["TENANT_ADMIN_PORTAL", "DATA_INTEGRATIONS", "CAS4_ACCESS"],
  },
  {
    email: "district.admin@demo.test",
    description: "admin of one Maryland district (Baltimore County Public Schools)",
    tenant: "maryland",
    firstName: "Jordan",
    lastName: "Hayes",
    roles: ["ROLE_ADMIN"],
    link: { orgType: "district", index: 0, administrative: true },
  },
  {
    email: "teacher@demo.test",
    description: "teacher at one Maryland school, with 20 rostered students",
    tenant: "maryland",
    firstName: "Emily",
    lastName: "Carter",
    roles: ["ROLE_TEACHER"],
    features: ["KRA_APP_CAPTURE_RATINGS_SHEET", "CAPTURE_MILESTONE"],
    link: { orgType: "location", index: 0, administrative: false },
    teachesAt: 0,
  },
  {
    email: "admin.teacher@demo.test",
    description: "location admin and teacher, Maryland (switches areas from the header)",
    tenant: "maryland",
    firstName: "Marcus",
    lastName: "Bennett",
    roles: ["ROLE_ADMIN", "ROLE_TEACHER"],
    link: { orgType: "location", index: 1, administrative: true },
    teachesAt: 1,
  },
  {
    email: "ohio.teacher@demo.test",
    description: "teacher in Ohio (a second tenant, to see isolation)",
    tenant: "ohio",
    firstName: "Rachel",
    lastName: "Kim",
    roles: ["ROLE_TEACHER"],
    link: { orgType: "location", index: 0, administrative: false },
    teachesAt: 0,
  },
  { email: "trainer@demo.test", description: "trainer, Maryland", tenant: "maryland", firstName: "Dana", lastName: "Whitfield", roles: ["ROLE_TRAINER"] },
  {
    email: "data.manager@demo.test",
    description: "data manager, Maryland (Central Maryland region)",
    tenant: "maryland",
    firstName: "Priya",
    lastName: "Shah",
    roles: ["ROLE_DATA_MANAGER"],
    features: ["CAS4_DATA_DISPLAYS", "CAS4_ADMIN_DOWNLOADS"],
    link: { orgType: "region", index: 0, administrative: false },
  },
  { email: "helpdesk@demo.test", description: "helpdesk, Maryland", tenant: "maryland", firstName: "Chris", lastName: "Nolan", roles: ["ROLE_HELPDESK"] },
  {
    email: "helpdesk.admin@demo.test",
    description: "helpdesk admin, Maryland",
    tenant: "maryland",
    firstName: "Alex",
    lastName: "Romero",
    roles: ["ROLE_HELPDESK_ADMIN"],
  },
];

/** For the start-up banner: each demo account and what it is. */
export const DEMO_ACCOUNTS: { email: string; description: string }[] = DEMO_ACCOUNT_PLANS.map(({ email, description }) => ({ email, description }));
