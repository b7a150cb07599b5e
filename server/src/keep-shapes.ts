// Imported first by server.ts, so it runs before any other module of the server (and PGlite) loads: see
// lib/warm-shapes.ts for why one of Node's tick objects is kept alive.
import { keepTickObjectShape } from './lib/warm-shapes';

keepTickObjectShape();
