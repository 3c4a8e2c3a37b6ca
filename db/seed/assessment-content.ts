/**
 * The two shared assessments the demo and the generator use, as data: a KRA (taxonomy SUMMATIVE,
 * four domains, 60 items of three kinds) and an ELA (learning progressions rated on levels).
 */
interface ScaleDef {
  code: string;
  label: string;
  /** [code, label, score (null: a code that is not a rating), colour]. */
  entries: [string, string, number | null, string][];
}

interface ItemDef {
  domain: string;
  code: string;
  label: string;
  itemType: string;
  scale: string;
  description: string;
  /** [kind, label, content]: the directions and prompts the teacher follows. */
  entries: [string, string, string][];
}

export interface AssessmentDef {
  name: string;
  description: string;
  author: string;
  taxonomy: string;
  configuration: Record<string, unknown>;
  domains: [string, string][];
  scales: ScaleDef[];
  items: ItemDef[];
}

const KRA_DOMAINS: [string, string][] = [
  ["LL", "Language and Literacy"],
  ["MA", "Mathematics"],
  ["SF", "Social Foundations"],
  ["PD", "Physical Well-Being and Motor Development"],
];

const KIND = { SR: ["selected-response", "SR"], PT: ["performance-task", "PT"], OR: ["observation", "OR"] } as const;

/** What the teacher does for each kind of item (DOMAIN.md: selected response, performance task, observation rubric). */
const KIND_TEXT: Record<keyof typeof KIND, { description: string; entries: (label: string) => [string, string, string][] }> = {
  SR: {
    description: "Selected response: the child answers by pointing to or naming one of the choices.",
    entries: (label) => [
      ["directions", "Set up", "Sit beside the child with the item's picture card. Read the prompt once; repeat it once if asked."],
      ["prompt", "Say", `${label}: show me which one.`],
    ],
  },
  PT: {
    description: "Performance task: the child does the task; full, partial or no credit.",
    entries: (label) => [
      ["directions", "Set up", "Give the child the materials listed on the card and model the first step only."],
      ["prompt", "Say", `Now it is your turn. ${label}.`],
      ["rubric", "Scoring", "Full credit: done without help. Partial credit: done with one prompt. No credit: not done."],
    ],
  },
  OR: {
    description: "Observation rubric: rate what the child does during the first weeks, in class and at play.",
    entries: () => [
      ["directions", "Observe", "Watch for this across several days and settings before rating; note an example as evidence."],
      ["rubric", "Levels", "1 Not yet evident · 2 Emerging · 3 Developing · 4 Demonstrating"],
    ],
  },
};

/** [code, kind, label] per domain; kinds pick the item type and its scale. */
const KRA_ITEMS: Record<string, [keyof typeof KIND, string][]> = {
  LL: [
    ["SR", "Identifies uppercase letters"],
    ["SR", "Identifies lowercase letters"],
    ["PT", "Produces letter sounds"],
    ["SR", "Recognizes rhyming words"],
    ["PT", "Produces a rhyming word"],
    ["SR", "Isolates the first sound in a word"],
    ["PT", "Blends onset and rime"],
    ["PT", "Claps syllables in a word"],
    ["PT", "Shows how a book is read"],
    ["OR", "Retells a familiar story"],
    ["SR", "Answers questions about a read-aloud"],
    ["SR", "Names common objects"],
    ["SR", "Understands position words"],
    ["OR", "Takes part in conversations"],
    ["PT", "Writes own first name"],
    ["OR", "Uses drawing and emergent writing to communicate"],
  ],
  MA: [
    ["PT", "Counts to 20 by ones"],
    ["PT", "Counts objects one to one"],
    ["SR", "Identifies numerals 0 to 10"],
    ["SR", "Compares two groups of objects"],
    ["SR", "Tells how many without counting"],
    ["PT", "Composes numbers to 5"],
    ["SR", "Solves an addition story problem"],
    ["SR", "Solves a subtraction story problem"],
    ["SR", "Names two-dimensional shapes"],
    ["SR", "Describes where objects are"],
    ["SR", "Compares lengths"],
    ["PT", "Sorts objects by an attribute"],
    ["PT", "Extends a repeating pattern"],
    ["PT", "Orders numbers to 10"],
    ["SR", "Uses the words more, fewer and same"],
    ["OR", "Uses math in play and routines"],
  ],
  SF: [
    ["OR", "Follows classroom rules and routines"],
    ["OR", "Manages emotions"],
    ["OR", "Persists with a hard task"],
    ["OR", "Shows curiosity and initiative"],
    ["OR", "Plays cooperatively with peers"],
    ["OR", "Resolves conflicts with support"],
    ["OR", "Asks adults for help when needed"],
    ["OR", "Attends to a task"],
    ["OR", "Moves between activities"],
    ["OR", "Shows empathy toward others"],
    ["OR", "Takes care of materials"],
    ["OR", "Plans and completes a task"],
    ["PT", "Follows two-step directions"],
    ["OR", "Expresses needs and wants"],
  ],
  PD: [
    ["PT", "Holds a writing tool with a pincer grasp"],
    ["PT", "Cuts along a line with scissors"],
    ["PT", "Copies shapes"],
    ["PT", "Manipulates small objects"],
    ["PT", "Hops on one foot"],
    ["PT", "Balances on one foot"],
    ["PT", "Throws and catches a ball"],
    ["OR", "Runs and changes direction"],
    ["OR", "Manages self-care routines"],
    ["OR", "Shows body and spatial awareness"],
    ["PT", "Coordinates both hands"],
    ["OR", "Practices healthy habits"],
    ["PT", "Jumps forward with both feet"],
    ["OR", "Takes part in active play"],
  ],
};

export const KRA: AssessmentDef = {
  name: "Kindergarten Readiness Assessment",
  description: "Given in the first weeks of kindergarten: what each child knows and can do in four domains.",
  author: "State Early Learning Office",
  taxonomy: "SUMMATIVE",
  configuration: {
    scaleScore: { min: 202, max: 298 },
    performanceLevels: [
      { code: "EMERGING", label: "Emerging Readiness", min: 202, max: 257 },
      { code: "APPROACHING", label: "Approaching Readiness", min: 258, max: 269 },
      { code: "DEMONSTRATING", label: "Demonstrating Readiness", min: 270, max: 298 },
    ],
    pldVersion: 1,
    domainVersion: 1,
  },
  domains: KRA_DOMAINS,
  scales: [
    {
      code: "SR",
      label: "Selected response",
      entries: [
        ["0", "Incorrect", 0, "#d32f2f"],
        ["1", "Correct", 1, "#388e3c"],
      ],
    },
    {
      code: "PT",
      label: "Performance task",
      entries: [
        ["0", "No credit", 0, "#d32f2f"],
        ["1", "Partial credit", 1, "#f57c00"],
        ["2", "Full credit", 2, "#388e3c"],
      ],
    },
    {
      code: "OR",
      label: "Observation rubric",
      entries: [
        ["1", "Not yet evident", 1, "#d32f2f"],
        ["2", "Emerging", 2, "#f57c00"],
        ["3", "Developing", 3, "#7b1fa2"],
        ["4", "Demonstrating", 4, "#388e3c"],
      ],
    },
  ],
  items: KRA_DOMAINS.flatMap(([domain]) =>
    KRA_ITEMS[domain].map(([kind, label], i) => ({
      domain,
      code: `${domain}${String(i + 1).padStart(2, "0")}`,
      label,
      itemType: KIND[kind][0],
      scale: KIND[kind][1],
      description: KIND_TEXT[kind].description,
      entries: KIND_TEXT[kind].entries(label),
    })),
  ),
};

const NOT_RATED: [string, string, null, string][] = [
  ["N", "Not yet observed", null, "#9e9e9e"],
  ["NE", "Not enough evidence", null, "#757575"],
  ["R", "Refused to take part", null, "#424242"],
];

export const ELA: AssessmentDef = {
  name: "Early Learning Assessment",
  description: "Learning progressions rated at each checkpoint of the year (fall and spring required).",
  author: "State Early Learning Office",
  taxonomy: "FORMATIVE",
  configuration: { checkpoints: ["Fall", "Winter", "Spring", "Summer"], requiredCheckpoints: ["Fall", "Spring"] },
  domains: [
    ["LL", "Language and Literacy"],
    ["MA", "Mathematics"],
    ["SF", "Social Foundations"],
    ["PD", "Physical Well-Being and Motor Development"],
  ],
  scales: [
    {
      code: "AD",
      label: "Progression levels A to D",
      entries: [["A", "Level A", 1, "#d32f2f"], ["B", "Level B", 2, "#f57c00"], ["C", "Level C", 3, "#7b1fa2"], ["D", "Level D", 4, "#1976d2"], ...NOT_RATED],
    },
    {
      code: "L15",
      label: "Progression levels 1 to 5",
      entries: [
        ["1", "Level 1", 1, "#d32f2f"],
        ["2", "Level 2", 2, "#f57c00"],
        ["3", "Level 3", 3, "#7b1fa2"],
        ["4", "Level 4", 4, "#1976d2"],
        ["5", "Level 5", 5, "#388e3c"],
        ...NOT_RATED,
      ],
    },
  ],
  items: (
    [
      ["LL", "Conversation", "L15"],
      ["LL", "Vocabulary", "L15"],
      ["LL", "Phonological Awareness", "AD"],
      ["LL", "Letter Knowledge", "AD"],
      ["LL", "Print Concepts", "AD"],
      ["LL", "Comprehension", "AD"],
      ["LL", "Writing", "AD"],
      ["MA", "Counting", "L15"],
      ["MA", "Cardinality", "L15"],
      ["MA", "Number Relationships", "L15"],
      ["MA", "Shapes", "AD"],
      ["SF", "Self-Regulation", "L15"],
      ["SF", "Relationships with Peers", "L15"],
      ["PD", "Fine Motor Skills", "AD"],
    ] as const
  ).map(([domain, label, scale], i) => ({
    domain,
    code: `LP${String(i + 1).padStart(2, "0")}`,
    label,
    itemType: "learning-progression",
    scale,
    description: `A learning progression rated on ordered levels (${scale === "AD" ? "A to D" : "1 to 5"}); N, NE and R when no level can be given.`,
    entries: [
      ["directions", "Evidence", `Gather two or more observations of ${label.toLowerCase()} during the checkpoint window.`],
      ["rubric", "Levels", "Choose the highest level the evidence shows consistently."],
    ] as [string, string, string][],
  })),
};
