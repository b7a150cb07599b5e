import type { TFunction } from 'i18next';

/** IPP media names the portal prints on, by their paper size. */
const MEDIA_NAMES: Readonly<Record<string, string>> = { iso_a4_210x297mm: 'A4', iso_a3_297x420mm: 'A3' };

/** Each text once, in the device's order. */
const once = (texts: string[]): string[] => [...new Set(texts)];

/** A device's paper sizes: 'iso_a4_210x297mm' → 'A4', 'iso_a3_297x420mm' → 'A3', any other as sent. */
export function mediaTexts(media: readonly string[]): string[] {
  return once(media.map((name) => (Object.hasOwn(MEDIA_NAMES, name) ? MEDIA_NAMES[name]! : name)));
}

/** A device's sides: 'one-sided' → 'Một mặt', both 'two-sided-…-edge' → 'Hai mặt', any other as sent. */
export function sidesTexts(sides: readonly string[], t: TFunction<'ui'>): string[] {
  return once(
    sides.map((side) => {
      if (side === 'one-sided') return t('printerRoom.probe.sideValues.one-sided');
      if (side.startsWith('two-sided')) return t('printerRoom.probe.sideValues.two-sided');
      return side;
    }),
  );
}

/** A device's colour modes: 'monochrome' → 'Đen trắng', 'color' → 'Màu', any other as sent. */
export function colorModeTexts(modes: readonly string[], t: TFunction<'ui'>): string[] {
  return once(
    modes.map((mode) =>
      mode === 'monochrome' || mode === 'color' ? t(`printerRoom.probe.colorValues.${mode}`) : mode,
    ),
  );
}
