import { buttonClasses } from "@/components/ui/button";

type Page = "students" | "groups" | "completion" | "displays" | "reports" | "scoring";

const PAGES: { page: Page; label: string }[] = [
  { page: "students", label: "Students" },
  { page: "groups", label: "Groups" },
  { page: "completion", label: "Completion" },
  { page: "displays", label: "Data displays" },
  { page: "reports", label: "Reports" },
  { page: "scoring", label: "Open scoring" },
];

/** The header links between a collection's teacher pages, leaving out the one shown; scoring is the main one. */
export function CollectionLinks({ id, current }: { id: number; current?: Page }) {
  return (
    <>
      {PAGES.filter((p) => p.page !== current).map((p) => (
        <a key={p.page} className={buttonClasses(p.page === "scoring" ? "primary" : "secondary")} href={`/teacher/collections/${id}/${p.page}`}>
          {p.label}
        </a>
      ))}
    </>
  );
}
