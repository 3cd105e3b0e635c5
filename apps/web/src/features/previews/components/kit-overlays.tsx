import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerTitle,
  DrawerTrigger,
} from '@/components/ui/drawer';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { Tooltip } from '@/components/ui/tooltip';
import { PreviewSection } from './preview-section';

const scrollRows = Array.from({ length: 20 }, (_, index) => index + 1);

/** Tabs, tooltip, toast, drawer and scroll area: the parts that open, switch or float. */
export function KitOverlays() {
  const { t } = useTranslation('previews');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <PreviewSection title={t('uiKit.tabs.title')}>
        <Tabs defaultValue="first" className="w-full">
          <TabsList aria-label={t('uiKit.tabs.label')}>
            <TabsTrigger value="first">{t('uiKit.tabs.first')}</TabsTrigger>
            <TabsTrigger value="second">{t('uiKit.tabs.second')}</TabsTrigger>
          </TabsList>
          <TabsContent value="first">{t('uiKit.tabs.firstText')}</TabsContent>
          <TabsContent value="second">{t('uiKit.tabs.secondText')}</TabsContent>
        </Tabs>
      </PreviewSection>

      <PreviewSection title={t('uiKit.tooltip.title')}>
        <Tooltip content={t('uiKit.tooltip.content')}>
          <Button variant="outline">{t('uiKit.tooltip.trigger')}</Button>
        </Tooltip>
      </PreviewSection>

      <PreviewSection title={t('uiKit.toast.title')}>
        <Button
          variant="secondary"
          onClick={() =>
            toast({
              title: t('uiKit.toast.toastTitle'),
              description: t('uiKit.toast.toastText'),
              variant: 'success',
            })
          }
        >
          {t('uiKit.toast.trigger')}
        </Button>
      </PreviewSection>

      <PreviewSection title={t('uiKit.drawer.title')}>
        <Drawer>
          <DrawerTrigger asChild>
            <Button variant="outline">{t('uiKit.drawer.trigger')}</Button>
          </DrawerTrigger>
          <DrawerContent>
            <div className="mx-auto flex w-full max-w-md flex-col gap-3 pb-6">
              <DrawerTitle>{t('uiKit.drawer.drawerTitle')}</DrawerTitle>
              <DrawerDescription>{t('uiKit.drawer.drawerText')}</DrawerDescription>
              <DrawerClose asChild>
                <Button>{tCommon('close')}</Button>
              </DrawerClose>
            </div>
          </DrawerContent>
        </Drawer>
      </PreviewSection>

      <PreviewSection title={t('uiKit.scrollArea.title')}>
        <ScrollArea className="h-40 w-64 rounded-lg border border-border">
          <ul aria-label={t('uiKit.scrollArea.label')} className="p-3 text-sm">
            {scrollRows.map((number) => (
              <li key={number} className="border-b border-border py-1.5 last:border-0">
                {t('uiKit.scrollArea.item', { number })}
              </li>
            ))}
          </ul>
        </ScrollArea>
      </PreviewSection>
    </>
  );
}
