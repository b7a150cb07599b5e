import type { ReactNode } from 'react';
import { Typography } from 'antd';

export interface PageFrameProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

/**
 * A page's title and white frame, the same on every signed-in page. The title is the page's one h1 (the
 * header and menu hold none), so sections inside start at h2: one heading outline on every page.
 */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <section className="sp-page" aria-label={typeof title === 'string' ? title : undefined}>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16 }}
      >
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24, color: '#1a4d9c', letterSpacing: 0.5 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      <div style={{ background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 3px rgba(16,24,40,.08)' }}>
        {children}
      </div>
    </section>
  );
}
