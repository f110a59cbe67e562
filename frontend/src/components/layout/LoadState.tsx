import { Alert, Button, Flex, Spinner, Text, type FlexProps } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import type { Resource } from '../../lib/use-resource';

/** How much room the wait takes: a line in a list or form, a page's or card's body, or a small note. */
type LoadingSize = 'line' | 'page' | 'small';

const SPINNER_SIZE = { line: 'sm', page: 'md', small: 'xs' } as const;

/**
 * The one "loading" line: a spinner and what is coming, announced as a status. `page` centres it in
 * the room a page's content will take.
 */
export function Loading({
  size = 'line',
  children,
  ...props
}: { size?: LoadingSize; children: ReactNode } & FlexProps) {
  return (
    <Flex
      role="status"
      align="center"
      gap={size === 'small' ? '2' : '3'}
      {...(size === 'page' ? { py: '12', justify: 'center' } : {})}
      {...props}
    >
      <Spinner size={SPINNER_SIZE[size]} color="brand.600" />
      <Text {...(size === 'small' ? { fontSize: 'sm' } : {})}>{children}</Text>
    </Flex>
  );
}

/** A failed read said as an error, with Retry when the page can read again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert.Root>
  );
}

/**
 * A `useResource` read shown in its three states: the loading line, the failure (its title with
 * Retry, or the page's own words), then `children` with the data.
 */
export function LoadState<T>({
  resource,
  loading,
  failed,
  onRetry,
  loadingProps,
  children,
}: {
  resource: Resource<T>;
  /** What is coming: "Loading webhooks…". */
  loading: string;
  /** The failure's title (shown with Retry when `onRetry` is given), or how the page says it. */
  failed: string | ((error: unknown) => ReactNode);
  onRetry?: () => void;
  loadingProps?: Omit<ComponentProps<typeof Loading>, 'children'>;
  children: (data: T) => ReactNode;
}) {
  if (resource.kind === 'loading') return <Loading {...loadingProps}>{loading}</Loading>;
  if (resource.kind === 'failed')
    return typeof failed === 'string' ? <LoadFailed title={failed} onRetry={onRetry} /> : failed(resource.error);
  return children(resource.data);
}
