import { Button, chakra, Flex, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { decideLineTransition, type LineTransitionRequest } from '#domain/orders/line-status';
import type { OrderLine } from '#domain/orders/order';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { LINE_ACTIONS, type LineAction } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { FormField } from '../../components/form/FormField';

const LINE_ACTION_LABELS: Record<LineAction, string> = {
  backorder: 'Backorder',
  remake: 'Remake',
  resume: 'Back in production',
  cancelLine: 'Cancel line',
};

/** What cancelling the line does with its money, for the confirmation. */
function cancelLineMessage(order: AdminOrderDetail, line: OrderLine): string {
  const decision = decideLineTransition(order, line.position, 'cancelLine');
  const what = `Line ${line.position} (${line.quantity} × ${line.title}) will be cancelled`;
  if (!decision.ok || decision.giveBack === 'none')
    return `${what}. No payment has been taken, so nothing is refunded.`;
  return decision.giveBack === 'refund'
    ? `${what} and ${formatCents(decision.amountCents)} refunded to the customer's card. This cannot be undone.`
    : `${what} and ${formatCents(decision.amountCents)} credited on the order's invoice. This cannot be undone.`;
}

/**
 * Staff's moves of one line of an order (line-status.ts decides which it may take now): a move and
 * the note the customer reads with it; cancelling asks first, saying what is refunded.
 */
export function OrderLineActions({
  order,
  line,
  saving,
  onMove,
}: {
  order: AdminOrderDetail;
  line: OrderLine;
  saving: boolean;
  onMove: (position: number, request: LineTransitionRequest) => Promise<boolean>;
}) {
  const actions = LINE_ACTIONS.filter((action) => decideLineTransition(order, line.position, action).ok);
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<LineAction | undefined>(actions[0]);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const actionRef = useRef<HTMLSelectElement>(null);
  // The button that opened the form is gone: focus moves to the form's first control.
  useEffect(() => {
    if (open) actionRef.current?.focus();
  }, [open]);
  if (actions.length === 0) return null;
  const chosen = action && actions.includes(action) ? action : actions[0]!;
  const idPrefix = `line-${line.position}`;

  async function move() {
    if (await onMove(line.position, { action: chosen, note })) {
      setOpen(false);
      setNote('');
    }
    setConfirming(false);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === 'cancelLine') setConfirming(true);
    else void move();
  }

  if (!open) {
    return (
      <Button
        mt="2"
        size="xs"
        variant="outline"
        colorPalette="brand"
        aria-label={`Change line ${line.position}: ${line.title}`}
        onClick={() => setOpen(true)}
      >
        Change line
      </Button>
    );
  }
  return (
    <>
      <chakra.form
        onSubmit={submit}
        noValidate
        aria-label={`Change line ${line.position}`}
        mt="2"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="md"
        p="3"
      >
        <Stack gap="3">
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
            <FormField id={`${idPrefix}-action`} name="action" label="What happens to the line">
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...control}
                    ref={actionRef}
                    value={chosen}
                    onChange={(event) => setAction(event.target.value as LineAction)}
                  >
                    {actions.map((candidate) => (
                      <option key={candidate} value={candidate}>
                        {LINE_ACTION_LABELS[candidate]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField
              id={`${idPrefix}-note`}
              name="note"
              label="Note for the customer"
              helperText="Shown with the line's status and in the customer's e-mail."
            >
              {(control) => (
                <Input {...control} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
              )}
            </FormField>
          </Flex>
          <Flex gap="2">
            <Button type="submit" size="sm" colorPalette={chosen === 'cancelLine' ? 'red' : 'brand'} loading={saving}>
              {LINE_ACTION_LABELS[chosen]}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={saving}>
              Back
            </Button>
          </Flex>
        </Stack>
      </chakra.form>
      <ConfirmDialog
        open={confirming}
        title={`Cancel line ${line.position} of order ${order.orderNumber}?`}
        message={cancelLineMessage(order, line)}
        confirmLabel="Cancel line"
        dismissLabel="Keep line"
        onClose={() => setConfirming(false)}
        onConfirm={move}
      />
    </>
  );
}
