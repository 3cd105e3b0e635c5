import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/error-text';
import { useSetPersonalPolicy } from '../api/personal';

/** The administrators' switch: may users add servers of their own. */
export function PersonalPolicySwitch({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation('mcpTools');
  const id = useId();
  const setPolicy = useSetPersonalPolicy();
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={allowed}
        disabled={setPolicy.isPending}
        onCheckedChange={(on) =>
          setPolicy.mutate(on, {
            onError: (error) =>
              toast({
                variant: 'error',
                title: t('server.actionFailed'),
                description: errorText(error),
              }),
          })
        }
      />
      <label htmlFor={id} className="text-sm">
        {t('personal.policy')}
      </label>
    </div>
  );
}
