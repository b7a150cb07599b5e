import type { TFunction } from 'i18next';
import type { FormRule } from 'antd';
import {
  DEVICE_URI_MAX,
  isDeviceUri,
  locationProblem,
  PRINTER_DESCRIPTION_MAX,
  PRINTER_ID_PATTERN,
  PRINTER_NAME_MAX,
} from 'shared-api';
import type { LocationDraft } from './location-cascade';

/**
 * The printer form's rules, the same as the server's (contracts/printer-room): the id pattern, the longest
 * brand, model and description, every part of the location on the list, a device address that is ipp:// or
 * ipps:// (or none: a simulated printer). The server checks them again.
 */
export function printerRules(
  t: TFunction<'ui'>,
): Record<'printerId' | 'brand' | 'model' | 'description' | 'location' | 'deviceUri', FormRule[]> {
  const tooLong = (max: number) => t('printerRoom.form.rules.tooLong', { max });
  return {
    printerId: [
      { required: true, whitespace: true, message: t('printerRoom.form.rules.printerIdRequired') },
      { pattern: new RegExp(PRINTER_ID_PATTERN), message: t('printerRoom.form.rules.printerIdPattern') },
    ],
    brand: [
      { required: true, whitespace: true, message: t('printerRoom.form.rules.brandRequired') },
      { max: PRINTER_NAME_MAX, message: tooLong(PRINTER_NAME_MAX) },
    ],
    model: [
      { required: true, whitespace: true, message: t('printerRoom.form.rules.modelRequired') },
      { max: PRINTER_NAME_MAX, message: tooLong(PRINTER_NAME_MAX) },
    ],
    description: [{ max: PRINTER_DESCRIPTION_MAX, message: tooLong(PRINTER_DESCRIPTION_MAX) }],
    deviceUri: [
      {
        validator: async (_rule, value: string | undefined) => {
          const uri = value?.trim() ?? '';
          if (uri && !isDeviceUri(uri)) throw new Error(t('printerRoom.form.rules.deviceUri', { max: DEVICE_URI_MAX }));
        },
      },
    ],
    location: [
      {
        required: true,
        validator: async (_rule, value: LocationDraft | undefined) => {
          const problem = locationProblem({
            facility: value?.facility ?? '',
            department: value?.department ?? '',
            room: value?.room ?? '',
          });
          if (problem === 'facility') throw new Error(t('printerRoom.form.rules.facilityRequired'));
          if (problem === 'department') throw new Error(t('printerRoom.form.rules.buildingRequired'));
          if (problem === 'room') throw new Error(t('printerRoom.form.rules.roomRequired'));
        },
      },
    ],
  };
}
