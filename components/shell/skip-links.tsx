"use client";

import { useEffect, useState } from "react";

/** The spec's skip links; each appears only while its target is on the page and visible. */
const SKIP_TARGETS = [
  { id: "main-content", label: "Skip to main content" },
  { id: "app-navigation", label: "Skip to application navigation" },
  { id: "assessment-navigation", label: "Skip to assessment navigation" },
] as const;

/** The spec re-checks the targets every 30 seconds (screens change without a navigation). */
const SKIP_CHECK_MS = 30_000;

function visibleTargets(): string[] {
  return SKIP_TARGETS.filter(({ id }) => {
    const el = document.getElementById(id);
    return el !== null && el.getClientRects().length > 0;
  }).map(({ id }) => id);
}

export function SkipLinks() {
  const [visible, setVisible] = useState<string[]>(["main-content"]);
  useEffect(() => {
    const check = () => setVisible(visibleTargets());
    check();
    const timer = setInterval(check, SKIP_CHECK_MS);
    window.addEventListener("resize", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("resize", check);
    };
  }, []);

  const focusTarget = (id: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({ block: "start" });
  };

  return (
    <div className="contents">
      {SKIP_TARGETS.filter(({ id }) => visible.includes(id)).map(({ id, label }) => (
        <a
          key={id}
          href={`#${id}`}
          onClick={focusTarget(id)}
          className="sr-only focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-[70] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow-lg"
        >
          {label}
        </a>
      ))}
    </div>
  );
}
