import { type ComponentType, lazy } from 'react';

/**
 * A component whose code loads on demand, and which can be loaded ahead (`preload`): once loaded it
 * renders at once instead of suspending. React.lazy suspends on its first render even when the module
 * is there; on the server that writes the part hidden with an inline script to reveal it, which the
 * page's CSP refuses and a browser without JavaScript never runs (docs/decisions/041-no-suspense-on-the-server.md).
 * In the browser, preloading the first page's code before hydrating keeps the server's HTML.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module load, never during a render
  const Component = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return { Component, preload };
}
