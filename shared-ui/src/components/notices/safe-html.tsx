import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';

/** The markup a server text may keep: emphasis and line breaks, no attribute at all (no handler, no URL). */
const ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'br', 'span', 'p'];

/** `html` with every tag but simple emphasis removed, every attribute dropped, scripts gone (text kept). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/**
 * The one place the portal draws HTML from the server (a notice's description): always through
 * DOMPurify, so a name or a printer description holding `<img onerror>` or `<script>` never runs.
 */
export function SafeHtml({ html, style }: { html: string; style?: CSSProperties }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="sp-safe-html" style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}
