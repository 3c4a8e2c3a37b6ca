import { prepareTemplate } from "./database";

export default async function globalSetup() {
  return prepareTemplate();
}
