import { useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A component whose code is downloaded the first time it is wanted (a dialog's first opening), not
 * with the page, so it stays out of the first load. Not React.lazy: a chunk that fails to load
 * (offline, or gone after a deploy) would throw to the whole page; here `onFailure` says so, the
 * page keeps working and the next time it is wanted the download is tried again. Once loaded it stays.
 */
export function onDemand<Props>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  function useOnDemand(wanted: boolean, onFailure: () => void): ComponentType<Props> | null {
    const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
    const failed = useRef(onFailure);
    failed.current = onFailure;
    useEffect(() => {
      if (!wanted || Component) return;
      let current = true;
      loadOnce().then(
        (loaded) => current && setComponent(() => loaded),
        () => current && failed.current(),
      );
      return () => {
        current = false;
      };
    }, [wanted, Component]);
    return Component;
  }
  /** Downloads the code before it is first wanted (when the page is idle), so it opens offline too; a failure waits for the wanting. */
  useOnDemand.preload = () => {
    loadOnce().catch(() => undefined);
  };
  return useOnDemand;
}
