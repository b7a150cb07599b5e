import { render } from '@testing-library/react';
import { ConfigProvider, Tag, Typography } from 'antd';
import { portalTheme } from './index';

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(bl!);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A colour as #rrggbb ('rgba(0, 0, 0, 0.6)' is mixed over white). */
function hex(colour: string): string {
  const rgba = /rgba?\(([^)]+)\)/.exec(colour);
  if (!rgba) return colour.trim().toLowerCase();
  const [r, g, b, alpha = 1] = rgba[1]!.split(',').map(Number);
  const over = (c: number) => Math.round(c * alpha + 255 * (1 - alpha));
  return `#${[r!, g!, b!].map((c) => over(c).toString(16).padStart(2, '0')).join('')}`;
}

// What the browser gets: the CSS variables antd writes for the theme, not the config's own values.
let css = '';
beforeAll(() => {
  render(
    <ConfigProvider theme={portalTheme}>
      {['green', 'gold', 'red', 'blue', 'orange', 'success', 'warning', 'error', 'processing'].map((c) => (
        <Tag key={c} color={c}>
          {c}
        </Tag>
      ))}
      <Typography.Text type="secondary">secondary</Typography.Text>
    </ConfigProvider>,
  );
  css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
});

function cssVar(name: string): string {
  const value = new RegExp(`--ant-${name}:([^;}]+)`).exec(css)?.[1];
  if (!value) throw new Error(`no --ant-${name} in the theme's CSS`);
  return hex(value);
}

describe('portalTheme', () => {
  it.each(['green', 'gold', 'red', 'blue', 'orange'])('a %s tag has text readable on its background (4.5:1)', (c) => {
    expect(contrast(cssVar(`${c}-7`), cssVar(`${c}-1`))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['success', 'warning', 'error', 'info'])('a %s status tag is readable (4.5:1)', (status) => {
    expect(contrast(cssVar(`color-${status}`), cssVar(`color-${status}-bg`))).toBeGreaterThanOrEqual(4.5);
  });

  it('secondary and description text is readable on white and on the page grey', () => {
    for (const name of ['color-text-secondary', 'color-text-tertiary', 'color-text-description']) {
      expect(contrast(cssVar(name), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(cssVar(name), '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
