/**
 * The words of the ISR, the parent-facing page (DOMAIN.md): English and Spanish. Levels are matched
 * by the assessment's level codes (EMERGING, APPROACHING, DEMONSTRATING) or, failing that, by the
 * word in their label; domains by their codes (LL, MA, SF, PD), else their own label is shown.
 */

export const ISR_LANGUAGES = ["en", "es"] as const;
export type IsrLanguage = (typeof ISR_LANGUAGES)[number];

export type LevelKey = "EMERGING" | "APPROACHING" | "DEMONSTRATING";

interface Words {
  lang: string;
  title: string;
  heading: string;
  intro: string;
  child: string;
  school: string;
  district: string;
  teacher: string;
  collection: string;
  overall: string;
  scaleScore: string;
  level: string;
  notComplete: string;
  notCompleteMeaning: string;
  domains: string;
  domain: string;
  domainStatus: string;
  notScored: string;
  whatItMeans: string;
  atHome: string;
  footer: string;
  levels: Record<LevelKey, { name: string; meaning: string }>;
  domainNames: Record<string, string>;
  tips: Record<string, string>;
  tipFallback: string;
}

export const WORDS: Record<IsrLanguage, Words> = {
  en: {
    lang: "en-US",
    title: "Individual Student Report",
    heading: "Kindergarten Readiness: Report for Families",
    intro:
      "In the first weeks of kindergarten, your child's teacher watched and asked your child to show what they know and can do. " +
      "This report shares the results with you. It is one picture of your child at the start of the year, not a grade.",
    child: "Child",
    school: "School",
    district: "District",
    teacher: "Teacher",
    collection: "Assessment",
    overall: "Overall result",
    scaleScore: "Scale score",
    level: "Performance level",
    notComplete: "Not complete yet",
    notCompleteMeaning: "Your child's assessment is not complete yet, so no overall level is reported. Your child's teacher can tell you more.",
    domains: "Results by area of learning",
    domain: "Area of learning",
    domainStatus: "Status",
    notScored: "Not yet scored",
    whatItMeans: "What this means for your child",
    atHome: "What you can do at home",
    footer: "Questions about this report? Please talk with your child's teacher.",
    levels: {
      DEMONSTRATING: {
        name: "Demonstrating Readiness",
        meaning:
          "Your child shows the skills and behaviours that prepare them for kindergarten learning. Keep reading, counting and playing together every day.",
      },
      APPROACHING: {
        name: "Approaching Readiness",
        meaning:
          "Your child shows some of the skills and behaviours that prepare them for kindergarten learning and may need support in some areas. The teacher will build on what your child can already do.",
      },
      EMERGING: {
        name: "Emerging Readiness",
        meaning:
          "Your child shows a few of the skills and behaviours that prepare them for kindergarten learning and needs support to grow them. The teacher will plan extra help, and your help at home makes a real difference.",
      },
    },
    domainNames: {
      LL: "Language and Literacy",
      MA: "Mathematics",
      SF: "Social Foundations",
      PD: "Physical Well-Being and Motor Development",
    },
    tips: {
      LL: "Read together every day, talk about the pictures, and point out letters on signs and labels.",
      MA: "Count things you see, compare which group has more, and play with shapes and patterns.",
      SF: "Take turns in games, name feelings together, and give your child small jobs to finish.",
      PD: "Play outside, run and jump, and practise drawing, cutting and buttoning.",
    },
    tipFallback: "Talk, read and play together every day, and ask your child's teacher for ideas.",
  },
  es: {
    lang: "es-US",
    title: "Informe individual del estudiante",
    heading: "Preparación para el kínder: informe para las familias",
    intro:
      "En las primeras semanas de kínder, el maestro o la maestra observó a su hijo o hija y le pidió que mostrara lo que sabe y puede hacer. " +
      "Este informe le comparte los resultados. Es una imagen de su hijo o hija al comienzo del año, no una calificación.",
    child: "Niño o niña",
    school: "Escuela",
    district: "Distrito",
    teacher: "Maestro o maestra",
    collection: "Evaluación",
    overall: "Resultado general",
    scaleScore: "Puntuación de escala",
    level: "Nivel de desempeño",
    notComplete: "Todavía no está completa",
    notCompleteMeaning:
      "La evaluación de su hijo o hija todavía no está completa, por eso no se informa un nivel general. El maestro o la maestra puede darle más información.",
    domains: "Resultados por área de aprendizaje",
    domain: "Área de aprendizaje",
    domainStatus: "Estado",
    notScored: "Todavía sin puntuar",
    whatItMeans: "Qué significa para su hijo o hija",
    atHome: "Qué puede hacer en casa",
    footer: "¿Tiene preguntas sobre este informe? Hable con el maestro o la maestra de su hijo o hija.",
    levels: {
      DEMONSTRATING: {
        name: "Demuestra preparación",
        meaning:
          "Su hijo o hija muestra las habilidades y conductas que lo preparan para aprender en el kínder. Sigan leyendo, contando y jugando juntos todos los días.",
      },
      APPROACHING: {
        name: "Se acerca a la preparación",
        meaning:
          "Su hijo o hija muestra algunas de las habilidades y conductas que lo preparan para aprender en el kínder y puede necesitar apoyo en algunas áreas. El maestro o la maestra partirá de lo que su hijo o hija ya sabe hacer.",
      },
      EMERGING: {
        name: "Preparación emergente",
        meaning:
          "Su hijo o hija muestra pocas de las habilidades y conductas que lo preparan para aprender en el kínder y necesita apoyo para desarrollarlas. El maestro o la maestra planeará ayuda adicional, y su ayuda en casa hace una gran diferencia.",
      },
    },
    domainNames: {
      LL: "Lenguaje y lectoescritura",
      MA: "Matemáticas",
      SF: "Fundamentos sociales",
      PD: "Bienestar físico y desarrollo motor",
    },
    tips: {
      LL: "Lean juntos todos los días, conversen sobre las imágenes y señalen las letras en letreros y etiquetas.",
      MA: "Cuenten las cosas que ven, comparen qué grupo tiene más y jueguen con figuras y patrones.",
      SF: "Tomen turnos en los juegos, nombren juntos los sentimientos y dele a su hijo o hija pequeñas tareas para terminar.",
      PD: "Jueguen al aire libre, corran y salten, y practiquen dibujar, recortar y abotonar.",
    },
    tipFallback: "Conversen, lean y jueguen juntos todos los días, y pídale ideas al maestro o la maestra de su hijo o hija.",
  },
};

/** The level key of a stored performance level (its code, or a label naming the word). */
export function levelKey(value: string | null | undefined): LevelKey | null {
  if (!value) return null;
  const upper = value.toUpperCase();
  if (upper.includes("DEMONSTRAT")) return "DEMONSTRATING";
  if (upper.includes("APPROACH")) return "APPROACHING";
  if (upper.includes("EMERG")) return "EMERGING";
  return null;
}
