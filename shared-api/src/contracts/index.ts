/**
 * Contracts shared by the portal and the server: DTO types, socket event names, roles and error codes.
 * No browser code here: the server imports this module too.
 */
export * from './roles';
export * from './events';
export * from './envelope';
export * from './dto';
export * from './realtime';
export * from './payments';
export * from './print-rules';
export * from './printer-room';
export * from './system-config';
export * from './reports';
export * from './student-activity';
export * from './school-sign-in';
export * from './accounts';
export * from './release';
export * from './push';
