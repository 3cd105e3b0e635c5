import type { McpServer } from '@confab/protocol/mcp';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/error-text';
import { useRemovePersonalServer } from '../api/personal';

/** Removing a server of the user's own (nobody else has it). */
export function PersonalServerActions({ server }: { server: McpServer }) {
  const { t } = useTranslation('mcpTools');
  const remove = useRemovePersonalServer();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="danger"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(server.key, {
            onSuccess: () =>
              toast({ variant: 'success', title: t('personal.removed', { name: server.name }) }),
            onError: (error) =>
              toast({
                variant: 'error',
                title: t('server.actionFailed'),
                description: errorText(error),
              }),
          })
        }
      >
        {t('server.remove')}
      </Button>
    </div>
  );
}
