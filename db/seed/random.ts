/**
 * A seeded pseudo-random generator (mulberry32), so demo data is the same on every machine and
 * tests and screenshots stay stable. Not for anything secret.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** Pick by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
}

/** A 32-bit seed from any text (FNV-1a), e.g. a tenant slug. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  let state = typeof seed === "string" ? seedOf(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted(choices) {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of choices) {
        r -= w;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
  };
}
