import { Alert, Box, Button, Container, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { BUSINESS } from '../../business';
import { ApiError } from '../../api/client';
import { useConfirmDialogOnDemand } from '../../components/dialog/confirm-dialog-on-demand';
import { toaster } from '../../components/layout/toast-queue';

/** A mailed link's page: loading, the link refused, or what the link is for. */
export type LinkPageState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; visit: T };

export const linkErrorMessage = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/**
 * Runs the changes a mailed link's page makes: what happened is a toast, a refusal stays on the page
 * beside the form (`failure`). `afterChange` puts the page in step with the change before `busy` ends.
 */
export function useLinkChange<T>(afterChange: (changed: T) => void | Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (action: () => Promise<T>, success: (changed: T) => string) => {
    setBusy(true);
    setFailure(null);
    try {
      const changed = await action();
      toaster.create({ type: 'success', title: success(changed) });
      await afterChange(changed);
    } catch (error) {
      setFailure(linkErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, act };
}

/** The frame of a mailed link's page, for a visit we make: the visit as it is, the last refusal, then the page's forms. */
export function ManageByLinkFrame<T>({
  title,
  loadingLabel,
  state,
  failure,
  summary,
  children,
}: {
  title: string;
  loadingLabel: string;
  state: LinkPageState<T>;
  failure: string | null;
  summary: (visit: T) => ReactNode;
  children: (visit: T) => ReactNode;
}) {
  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" color="brand.800" mb="6">
        {title}
      </Heading>
      {state.status === 'loading' && <Spinner aria-label={loadingLabel} />}
      {state.status === 'error' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            {state.message} Call us at {BUSINESS.phoneDisplay}.
          </Alert.Description>
        </Alert.Root>
      )}
      {state.status === 'ready' && (
        <Stack gap="6">
          <Box borderWidth="1px" rounded="md" p="4">
            {summary(state.visit)}
          </Box>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          {children(state.visit)}
        </Stack>
      )}
    </Container>
  );
}

/**
 * The button that cancels the visit, and the question it asks first. It stays mounted while the
 * cancellation runs, so the question closes as it should once the visit is no longer `offered`.
 */
export function CancelVisit({
  offered,
  busy,
  label,
  dismissLabel,
  question,
  onCancel,
}: {
  offered: boolean;
  busy: boolean;
  label: string;
  dismissLabel: string;
  /** Null when there is nothing to name in the question. */
  question: { title: string; message: string } | null;
  onCancel: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const ConfirmDialog = useConfirmDialogOnDemand(confirming, () => setConfirming(false));
  return (
    <>
      {offered && (
        <Button
          variant="outline"
          colorPalette="red"
          alignSelf="flex-start"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {label}
        </Button>
      )}
      {confirming && ConfirmDialog && question && (
        <ConfirmDialog
          open
          title={question.title}
          message={question.message}
          confirmLabel={label}
          dismissLabel={dismissLabel}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await onCancel();
            setConfirming(false);
          }}
        />
      )}
    </>
  );
}
