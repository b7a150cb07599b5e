import { Type } from '@sinclair/typebox';

/** Schema helpers every module's routes share (no module owns them). */

export const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A filter value the portal sends for "no filter": empty, 'all', 'null' (and '100' for the facility). */
export const NO_FILTER = ['', 'all', 'null'];

export const Location = Type.Object({
  facility: Type.String({ description: 'CS1 hoặc CS2' }),
  department: Type.String({ description: 'Tòa nhà, ví dụ H1' }),
  room: Type.String(),
});
