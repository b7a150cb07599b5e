import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-api';
import { ProductSections } from '../features/marketing/product-sections';
import '../features/marketing/marketing.css';

/** /Home: banner, services, highlights and reasons, greeting the signed-in user. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  return (
    <ProductSections greeting={user ? t('home.welcome', { name: `${user.lastName} ${user.firstName}` }) : undefined} />
  );
}
