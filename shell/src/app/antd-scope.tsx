import { lazy, Suspense, type ReactNode } from 'react';

const AntdProviders = lazy(() => import('./antd-providers'));

/**
 * Around each part of the signed-in portal that draws with antd (a remote's page, the user panel, a
 * dialog): antd and its providers load with the first such part, not with the layout (issue 22). The
 * layout and /Home draw without it.
 */
export function AntdScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdProviders>{children}</AntdProviders>
    </Suspense>
  );
}
