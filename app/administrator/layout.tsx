import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function AdministratorLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area="administrator" path="/administrator">
      {children}
    </ShellLayout>
  );
}
