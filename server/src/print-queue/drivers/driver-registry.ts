import type { PrinterDriver } from './driver';

/** Which driver reaches which printer: the dispatcher asks it for every job. */
export interface DriverRegistry {
  driverFor(printerId: string): PrinterDriver;
}

/**
 * Drivers per printer, with a default for printers that have none of their own (today every printer:
 * the simulated one). A real printer (IPP, a later issue) is registered under its id.
 */
export class PrinterDrivers implements DriverRegistry {
  private readonly byPrinter = new Map<string, PrinterDriver>();

  constructor(private readonly fallback: PrinterDriver) {}

  set(printerId: string, driver: PrinterDriver): void {
    this.byPrinter.set(printerId, driver);
  }

  delete(printerId: string): void {
    this.byPrinter.delete(printerId);
  }

  driverFor(printerId: string): PrinterDriver {
    return this.byPrinter.get(printerId) ?? this.fallback;
  }
}
