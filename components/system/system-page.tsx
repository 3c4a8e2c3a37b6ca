import type { ReactNode } from "react";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { PageHeading } from "@/components/ui/page-heading";

/**
 * Every system page's frame, as the other areas build theirs: the breadcrumb trail down to this page
 * (pages below a list), the one h1 with its line and actions, then the page's sections.
 */
export function SystemPage({
  title,
  description,
  trail,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  trail?: { label: string; href: string }[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {trail && <OrgBreadcrumbs trail={trail} />}
      <PageHeading title={title} description={description} actions={actions} />
      <div className="flex flex-col gap-8">{children}</div>
    </>
  );
}
