import { PASSWORD_RULES, PASSWORDS_MATCH_LABEL } from "@/lib/auth/password-rules";
import { cn } from "@/components/ui/cn";

/**
 * The live checklist of the spec's password rules (reset, registration and profile pages); each
 * line says met or not in words too.
 */
export function PasswordChecklist({ password, repeat, id, columns = 1 }: { password: string; repeat: string; id: string; columns?: 1 | 2 }) {
  const lines = [
    ...PASSWORD_RULES.map((rule) => ({ key: rule.id, label: rule.label, met: rule.test(password) })),
    { key: "match", label: PASSWORDS_MATCH_LABEL, met: password.length > 0 && password === repeat },
  ];
  return (
    <div>
      <p id={`${id}-title`} className="mb-2 text-sm font-medium text-slate-800">
        Your password needs
      </p>
      <ul id={id} aria-labelledby={`${id}-title`} className={cn("grid grid-cols-1 gap-1.5 text-sm", columns === 2 && "tablet:grid-cols-2")}>
        {lines.map((line) => (
          <li key={line.key} className={cn("flex items-center gap-2", line.met ? "text-green-800" : "text-slate-700")}>
            <span
              aria-hidden="true"
              className={cn(
                "inline-flex size-5 items-center justify-center rounded-full text-xs font-bold",
                line.met ? "bg-green-700 text-white" : "bg-slate-200 text-slate-700",
              )}
            >
              {line.met ? "✓" : "•"}
            </span>
            <span>
              {line.label}
              <span className="sr-only">{line.met ? " (met)" : " (not met yet)"}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
