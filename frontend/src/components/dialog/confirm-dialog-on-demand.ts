import { toaster } from '../layout/toast-queue';
import { onDemand } from '../layout/useOnDemand';

const useConfirmDialog = onDemand(() => import('./ConfirmDialog').then((module) => module.ConfirmDialog));

/**
 * The confirmation dialog for pages that keep dialogs out of their first load (issue 15): its code
 * comes when it is first wanted. Should it fail to come, the shopper is told and `onUnavailable`
 * puts the page back as it was before the question.
 */
export function useConfirmDialogOnDemand(wanted: boolean, onUnavailable: () => void) {
  return useConfirmDialog(wanted, () => {
    onUnavailable();
    toaster.create({
      id: 'confirm-unavailable',
      type: 'error',
      title: 'Could not open the confirmation. Please check your connection and try again.',
    });
  });
}
