import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Row, Typography } from 'antd';
import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { PageFrame } from 'shared-ui';
import studentGuide from '../../public/guides/huong-dan-sinh-vien.html';
import managerGuide from '../../public/guides/huong-dan-quan-ly-spso.html';
import staffGuide from '../../public/guides/huong-dan-nhan-vien.html';
import './support-page.css';

const GUIDES = [
  { key: 'studentGuide', href: studentGuide, file: 'huong-dan-sinh-vien.html' },
  { key: 'managerGuide', href: managerGuide, file: 'huong-dan-quan-ly-spso.html' },
  { key: 'staffGuide', href: staffGuide, file: 'huong-dan-nhan-vien.html' },
] as const;
const FAQ = ['price', 'account', 'payment', 'refund'] as const;

/** /Support: the three guides to download and the four FAQ items. */
export default function SupportPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('support.title')}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('support.guidesTitle')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {GUIDES.map((guide) => (
          <Col xs={24} md={8} key={guide.key}>
            <Card size="small" title={t(`support.${guide.key}`)}>
              <Button type="primary" icon={<DownloadOutlined />} href={guide.href} download={guide.file}>
                {t('support.download')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={2} style={{ marginTop: 24, fontSize: 20 }}>
        {t('support.faqTitle')}
      </Typography.Title>
      <dl className="sp-faq">
        {FAQ.map((id) => (
          <div key={id} className="sp-faq-item">
            <dt>
              <QuestionCircleOutlined style={{ color: '#1a4d9c', marginRight: 8 }} />
              {t(`support.faq.${id}.q`)}
            </dt>
            <dd>{t(`support.faq.${id}.a`)}</dd>
          </div>
        ))}
      </dl>
    </PageFrame>
  );
}
