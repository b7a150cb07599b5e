/** A count beside a link or a button (new notices, unread messages), drawn without antd. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="sp-count" title={String(count)} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
