import { redirect } from "next/navigation";

export default function AdministratorHome() {
  redirect("/administrator/dashboard");
}
