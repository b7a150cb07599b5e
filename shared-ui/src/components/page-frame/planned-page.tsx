import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty } from 'antd';
import { PageFrame } from './page-frame';
import { UI_NAMESPACE } from '../../locales';

/** The title and frame of a page whose content a later release brings. */
export function PlannedPage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <PageFrame title={title}>
      {children}
      <Empty description={t('underConstruction')} />
    </PageFrame>
  );
}
