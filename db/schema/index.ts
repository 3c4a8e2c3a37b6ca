export * from "./identity";
export * from "./platform";
