import type { ReactNode } from "react";
import { ShellLayout } from "@/app/_shell/area-layout";

export default function TeacherLayout({ children }: { children: ReactNode }) {
  return (
    <ShellLayout area="teacher" path="/teacher">
      {children}
    </ShellLayout>
  );
}
