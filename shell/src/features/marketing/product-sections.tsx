import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import PrinterOutlined from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import CreditCardOutlined from '@ant-design/icons-svg/es/asn/CreditCardOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SmileOutlined from '@ant-design/icons-svg/es/asn/SmileOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import FieldTimeOutlined from '@ant-design/icons-svg/es/asn/FieldTimeOutlined';
import { SvgIcon } from './svg-icon';

const SERVICES = ['options', 'history', 'payment'] as const;
const HIGHLIGHTS = ['security', 'performance', 'compatibility', 'ease'] as const;
const REASONS = ['support', 'privacy', 'time'] as const;
const ICONS: Record<string, IconDefinition> = {
  options: PrinterOutlined,
  history: HistoryOutlined,
  payment: CreditCardOutlined,
  security: LockOutlined,
  performance: ThunderboltOutlined,
  compatibility: MobileOutlined,
  ease: SmileOutlined,
  support: BankOutlined,
  privacy: SafetyCertificateOutlined,
  time: FieldTimeOutlined,
};

function Section({ title, children, tone }: { title: string; children: ReactNode; tone?: 'light' }) {
  return (
    <section className={`sp-section ${tone === 'light' ? 'sp-section-light' : ''}`}>
      <h2>{title}</h2>
      <div className="sp-cards">{children}</div>
    </section>
  );
}

function InfoCard({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <article className="sp-card">
      <div className="sp-card-icon" aria-hidden>
        {ICONS[id] && <SvgIcon icon={ICONS[id]} />}
      </div>
      <h3>{title}</h3>
      <p>{text}</p>
    </article>
  );
}

/** The banner, three services, four highlights and three reasons (landing and home pages). */
export function ProductSections({ greeting }: { greeting?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="sp-banner">
        <h1>{greeting ?? t('landing.bannerTitle')}</h1>
        <p>{t('landing.bannerText')}</p>
        <p className="sp-banner-university">{t('product.university')}</p>
      </section>
      <Section title={t('landing.servicesTitle')}>
        {SERVICES.map((id) => (
          <InfoCard
            key={id}
            id={id}
            title={t(`landing.services.${id}.title`)}
            text={t(`landing.services.${id}.text`)}
          />
        ))}
      </Section>
      <Section title={t('landing.highlightsTitle')} tone="light">
        {HIGHLIGHTS.map((id) => (
          <InfoCard
            key={id}
            id={id}
            title={t(`landing.highlights.${id}.title`)}
            text={t(`landing.highlights.${id}.text`)}
          />
        ))}
      </Section>
      <Section title={t('landing.reasonsTitle')}>
        {REASONS.map((id) => (
          <InfoCard key={id} id={id} title={t(`landing.reasons.${id}.title`)} text={t(`landing.reasons.${id}.text`)} />
        ))}
      </Section>
    </>
  );
}
