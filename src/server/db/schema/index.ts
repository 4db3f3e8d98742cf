export * from "./app";
export * from "./audit";
export * from "./auth";
export * from "./chat";
