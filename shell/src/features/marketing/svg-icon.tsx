import { createElement, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

function render(node: AbstractNode, key?: number): ReactElement {
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, i) => render(child, i)),
  );
}

/**
 * Draws an antd icon from its SVG definition alone: the public pages get antd's icons without the
 * icon component runtime (they do not load antd at all, to stay within their JavaScript budget).
 */
export function SvgIcon({
  icon,
  size = 28,
  color = '#1a4d9c',
}: {
  icon: IconDefinition;
  size?: number | string;
  color?: string;
}) {
  const svg = typeof icon.icon === 'function' ? icon.icon(color, '#e6eefb') : icon.icon;
  return createElement(
    svg.tag,
    { ...svg.attrs, width: size, height: size, fill: color, 'aria-hidden': true, focusable: false },
    svg.children?.map((child, i) => render(child, i)),
  );
}
