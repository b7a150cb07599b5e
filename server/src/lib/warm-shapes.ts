import { createHook } from 'node:async_hooks';

/**
 * V8 keeps an object's shape (its hidden class, the "map") only while some object of that shape is alive: the
 * transitions that lead to a shape hold it weakly. A server that sits idle through a few major garbage collections
 * (PGlite's start, a quiet night) loses the shapes of every per-request object; the next request makes them anew,
 * and each code site that saw the old ones counts the new ones as more shapes. After four or five such rounds the
 * site goes megamorphic for the life of the process. Measured on Node 20 (bench/RESULTS.md, "2026-11-27 (05:33–07:00
 * UTC)"; `npm run bench -- idle-shapes`): `process.nextTick` from ~32 to ~255 ns a call, Node's HTTP response and
 * header code likewise; a bare Fastify answering 7 KB 11–31 % more CPU per request after idle collections; the
 * portal's printer list 12 % more than with the shapes kept.
 *
 * Holding one live object of each shape keeps the shapes, so the sites stay as fast as in a fresh process:
 * - Node's tick object (the `{ [asyncId], [triggerId], callback, args }` literal of process.nextTick), taken once
 *   at start, before the app's modules and PGlite load (server.ts imports keep-shapes.ts first);
 * - the last request's objects (Fastify's request and reply, Node's request, response, socket, their streams'
 *   states and the request's logger), held by a hook until the next request comes (plugins/warm-shapes.ts). One
 *   request is held at a time: at most one body (≤ BODY_LIMIT) stays in memory past its answer.
 */

let tickObject: object | undefined;

/**
 * Takes one of Node's tick objects and keeps it (idempotent). It is caught by an async hook enabled for one
 * `process.nextTick` call and disabled at once: no hook stays on (an enabled one costs every promise and tick).
 */
export function keepTickObjectShape(): void {
  if (tickObject) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !tickObject) tickObject = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
}

/** The tick object kept by keepTickObjectShape (undefined before it is called). */
export function keptTickObject(): object | undefined {
  return tickObject;
}

/** Holds the objects of the last request that came in, until the next one replaces them. */
export class LastRequestKeeper<T extends object> {
  private last: T | undefined;

  hold(value: T): void {
    this.last = value;
  }

  held(): T | undefined {
    return this.last;
  }
}
