/** The parts of @sealsystems/ipp 2.8.2 we use (it ships no types). */
declare module '@sealsystems/ipp' {
  /** An IPP message as the library builds and reads it: groups by name ('operation-attributes-tag'…). */
  export interface IppMessage {
    version?: string;
    operation?: string;
    statusCode?: string;
    id?: number | null;
    [group: string]: unknown;
  }
  interface PrinterInstance {
    /** The whole request message for an operation (charset, language and printer-uri first, as IPP wants). */
    message(operation: string, msg?: IppMessage): IppMessage;
  }
  export function Printer(url: string, opts?: { version?: string; uri?: string; timeout?: number }): PrinterInstance;
  export function serialize(msg: IppMessage): Buffer;
  export function parse(buffer: Buffer): IppMessage;
}
