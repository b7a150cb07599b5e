import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildBindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Line = (obj: unknown, msg?: string, ...args: unknown[]) => void;

/**
 * A request's logger (`request.log`), made on its first line: nearly every request writes none of its own
 * (the access line is the server logger's, with the request's id: app.ts), and a pino child built for each
 * request cost every answer its bindings' JSON and a logger object (issue 22). The same lines as a child:
 * the request id first, the route's level and serializers.
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: ChildBindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // methods, not arrow fields: a request's logger costs one object, not one per level
  fatal(...args: Parameters<Line>): void {
    (this.logger.fatal as Line)(...args);
  }
  error(...args: Parameters<Line>): void {
    (this.logger.error as Line)(...args);
  }
  warn(...args: Parameters<Line>): void {
    (this.logger.warn as Line)(...args);
  }
  info(...args: Parameters<Line>): void {
    (this.logger.info as Line)(...args);
  }
  debug(...args: Parameters<Line>): void {
    (this.logger.debug as Line)(...args);
  }
  trace(...args: Parameters<Line>): void {
    (this.logger.trace as Line)(...args);
  }
  silent(): void {}

  child(bindings: ChildBindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a RequestLogger instead of a pino child per request. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);
