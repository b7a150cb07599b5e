/**
 * The printer room's dialogs are 550 px wide (spec section 9); antd's modal keeps 16 px each side on a
 * narrower screen, so on a phone they take the width minus the margins.
 */
export const PRINTER_DIALOG_WIDTH = 550;
