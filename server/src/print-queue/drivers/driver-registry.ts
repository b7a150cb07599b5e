import type { PrinterDriver } from './driver';
import { IppDriver, type IppDriverOptions } from './ipp/ipp-driver';

/** A printer as the registry needs it: its id and its device's address (null: simulated). */
export interface DriverTarget {
  printerId: string;
  deviceUri: string | null;
}

/** Which driver reaches which printer: the dispatcher asks it for every job. */
export interface DriverRegistry {
  driverFor(printer: DriverTarget): PrinterDriver;
}

/**
 * Drivers from the printer rows: a printer with a device address is reached over IPP (one driver per
 * address, kept), any other by the simulated driver. `set` puts a driver of its own on one printer
 * (tests, a special device).
 */
export class PrinterDrivers implements DriverRegistry {
  private readonly byPrinter = new Map<string, PrinterDriver>();
  private readonly byUri = new Map<string, PrinterDriver>();

  constructor(
    private readonly simulated: PrinterDriver,
    private readonly makeDevice: (uri: string) => PrinterDriver = (uri) => new IppDriver(uri),
  ) {}

  /** IPP drivers with these options (deadlines, follow interval, self-signed certificates). */
  static withIpp(simulated: PrinterDriver, options: IppDriverOptions): PrinterDrivers {
    return new PrinterDrivers(simulated, (uri) => new IppDriver(uri, options));
  }

  set(printerId: string, driver: PrinterDriver): void {
    this.byPrinter.set(printerId, driver);
  }

  delete(printerId: string): void {
    this.byPrinter.delete(printerId);
  }

  driverFor(printer: DriverTarget): PrinterDriver {
    const own = this.byPrinter.get(printer.printerId);
    if (own) return own;
    if (!printer.deviceUri) return this.simulated;
    let driver = this.byUri.get(printer.deviceUri);
    if (!driver) {
      driver = this.makeDevice(printer.deviceUri);
      this.byUri.set(printer.deviceUri, driver);
    }
    return driver;
  }
}
