import { type ComponentType, lazy } from "react";

type Loaded<P> = { default: ComponentType<P> };

/**
 * lazy() with `preload()`, which starts loading ahead. Once loaded it renders in the same pass: lazy() otherwise
 * suspends once even on a settled promise, and a new Suspense boundary then shows its fallback for a moment.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = { default: component };
      return loaded;
    });
    return loading;
  };
  // Once loaded, a thenable that calls back at once: lazy() then renders the component in the same pass.
  const settled = (module: Loaded<P>) =>
    // biome-ignore lint/suspicious/noThenProperty: the thenable is the point (React's lazy() reads it at once)
    ({ then: (resolve: (value: Loaded<P>) => void) => resolve(module) }) as unknown as Promise<Loaded<P>>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
