import { use } from "react";

/**
 * Code that only some public pages need (a gallery's viewer, the blog's lists), kept out of every other
 * page's JavaScript. The island loads it before hydrating when the page's data says it is needed
 * (app/islands/hydrate-public.tsx), so hydration never waits on it; the server provides it up front
 * (app/components/public/eager.server.ts). Anything else that renders without it (the builder, a
 * member's page hydrated by the router) suspends until the chunk arrives.
 */
interface DeferredModule<M> {
  /** Starts fetching once; resolves when the module is ready to render. */
  load(): Promise<M>;
  /** Hands over a module imported statically (server, builder), so rendering never suspends. */
  provide(m: M): void;
  /** In render: the module, or suspend until it is loaded. */
  read(): M;
}

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let ready: M | undefined;
  let pending: Promise<M> | undefined;
  const load = () =>
    (pending ??= importer().then((m) => {
      ready = m;
      return m;
    }));
  return {
    load,
    provide(m) {
      ready = m;
      pending = Promise.resolve(m);
    },
    // Called only during render (a component reads the module it needs), where React's use() is allowed.
    read() {
      // eslint-disable-next-line react-hooks/rules-of-hooks
      return ready ?? use(load());
    },
  };
}
