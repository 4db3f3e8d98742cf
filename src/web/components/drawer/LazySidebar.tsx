import { lazy, Suspense } from "react";

const Sidebar = lazy(() => import("./Sidebar").then((module) => ({ default: module.Sidebar })));

/** The history sidebar, loaded only on wide screens, so phones never download it. */
export function LazySidebar({ hidden }: { hidden: boolean }) {
  return (
    <Suspense fallback={null}>
      <Sidebar hidden={hidden} />
    </Suspense>
  );
}
