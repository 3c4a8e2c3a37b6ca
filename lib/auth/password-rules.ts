import { z } from "zod";
import { PASSWORD_REQUIRED } from "./messages";

/** The spec's password rules (platform.md section 5); pure, so the live checklist in the browser uses them too. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 30;

interface PasswordRule {
  id: "length" | "upper" | "lower" | "digit" | "spaces";
  /** The checklist line. */
  label: string;
  /** The server's answer when the rule fails. */
  error: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "length",
    label: "8 to 30 characters",
    error: "Password must be 8 to 30 characters long",
    test: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH,
  },
  { id: "upper", label: "An uppercase letter", error: "Password must contain an uppercase letter", test: (p) => /[A-Z]/.test(p) },
  { id: "lower", label: "A lowercase letter", error: "Password must contain a lowercase letter", test: (p) => /[a-z]/.test(p) },
  { id: "digit", label: "A digit", error: "Password must contain a digit", test: (p) => /[0-9]/.test(p) },
  { id: "spaces", label: "No spaces", error: "Password must not contain spaces", test: (p) => !/\s/.test(p) },
];

export const PASSWORDS_MATCH_LABEL = "Passwords match";
export const PASSWORDS_DIFFER = "Passwords do not match";

/** The rules a password breaks, in checklist order (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.error);
}

/** A new password: required, then each rule; the first broken rule is the message. */
export const newPasswordSchema = z.string({ error: PASSWORD_REQUIRED }).superRefine((password, ctx) => {
  if (password === "") {
    ctx.addIssue({ code: "custom", message: PASSWORD_REQUIRED });
    return;
  }
  for (const message of passwordProblems(password)) ctx.addIssue({ code: "custom", message });
});
