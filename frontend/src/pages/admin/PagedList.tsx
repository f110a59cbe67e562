import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadFailed, Loading } from '../../components/layout/LoadState';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type ListState<T> =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; items: T[]; nextCursor: string | null; more: 'idle' | 'loading' | 'failed' };

/**
 * A staff list read a page at a time: the first page on mount (and again when `fetchPage` changes,
 * e.g. with a filter), the next ones on demand. An answer for a list that was reloaded since is dropped.
 */
export function usePagedList<T>(fetchPage: (cursor: string | null) => Promise<Page<T>>) {
  const [state, setState] = useState<ListState<T>>({ kind: 'loading' });
  const generation = useRef(0);
  const reload = useCallback(() => {
    const current = ++generation.current;
    setState({ kind: 'loading' });
    fetchPage(null).then(
      (page) => current === generation.current && setState({ kind: 'loaded', ...page, more: 'idle' }),
      () => current === generation.current && setState({ kind: 'failed' }),
    );
  }, [fetchPage]);
  useEffect(reload, [reload]);
  const loadMore = () => {
    if (state.kind !== 'loaded' || !state.nextCursor) return;
    const loaded = state;
    const current = generation.current;
    setState({ ...loaded, more: 'loading' });
    fetchPage(loaded.nextCursor).then(
      (page) =>
        current === generation.current &&
        setState({
          kind: 'loaded',
          items: [...loaded.items, ...page.items],
          nextCursor: page.nextCursor,
          more: 'idle',
        }),
      () => current === generation.current && setState({ ...loaded, more: 'failed' }),
    );
  };
  /** Changes loaded items in place (a record staff just changed), keeping the pages read so far. */
  const updateItems = (change: (items: T[]) => T[]) =>
    setState((current) => (current.kind === 'loaded' ? { ...current, items: change(current.items) } : current));
  return { state, reload, loadMore, updateItems };
}

/** One list of the tab with its loading, error, empty and "load more" states. */
export function PagedSection<T>({
  id,
  title,
  noun,
  list,
  toolbar,
  emptyText = `No ${noun} yet.`,
  children,
}: {
  id: string;
  title: string;
  /** Plural, lower case: 'clients', 'leads'. */
  noun: string;
  list: ReturnType<typeof usePagedList<T>>;
  /** Controls under the heading that choose what the list holds (filters, search). */
  toolbar?: ReactNode;
  emptyText?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { state, reload, loadMore } = list;
  const failure = `Failed to load ${noun}`;
  return (
    <Stack as="section" gap="4" aria-labelledby={id}>
      <Heading as="h2" id={id} size="lg">
        {title}
      </Heading>
      {toolbar}
      {state.kind === 'loading' && <Loading>Loading {noun}…</Loading>}
      {state.kind === 'failed' && <LoadFailed title={failure} onRetry={reload} />}
      {state.kind === 'loaded' && state.items.length === 0 && <Text color="gray.700">{emptyText}</Text>}
      {state.kind === 'loaded' && state.items.length > 0 && children(state.items)}
      {state.kind === 'loaded' && state.more === 'failed' && (
        <Text role="alert" color="red.700">
          {failure}
        </Text>
      )}
      {state.kind === 'loaded' && state.nextCursor && (
        <Button
          alignSelf="start"
          variant="outline"
          colorPalette="brand"
          loading={state.more === 'loading'}
          onClick={loadMore}
        >
          Load more {noun}
        </Button>
      )}
    </Stack>
  );
}
