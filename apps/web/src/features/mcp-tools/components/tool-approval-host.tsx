import { useApprovalStore } from '../stores/approval-store';
import { ApprovalDialog } from './approval-dialog';

/** Shows the approval dialog for the tool calls waiting on the user, one at a time. */
export function ToolApprovalHost() {
  const queue = useApprovalStore((state) => state.queue);
  const [first] = queue;
  return (
    <ApprovalDialog
      key={first?.id}
      request={first?.request ?? null}
      waiting={Math.max(0, queue.length - 1)}
      onDecide={(decision) => first?.decide(decision)}
    />
  );
}
