import { useTranslation } from 'react-i18next';
import { fullNameOf, useSessionStore } from 'shared-api';
import { ProductSections } from '../features/marketing/product-sections';
import '../features/marketing/marketing.css';

/** /Home: banner, services, highlights and reasons, greeting the signed-in user. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  // Before the session is known (the frame the build draws, first-paint/render.tsx) the heading keeps its line, blank
  return <ProductSections greeting={user ? t('home.welcome', { name: fullNameOf(user) }) : '\u00a0'} />;
}
