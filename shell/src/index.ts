// Emitted as /favicon.ico (see webpack.config.cjs): browsers fetch it on pages that name no icon.
import '../public/favicon.ico';
import { startFirstPage } from './app/first-page';

// The first page's chunk (and, signed in, the role's remote) is asked for now, beside the app's own.
startFirstPage();
// The federation runtime must negotiate shared singletons before any app code runs: start async.
import('./bootstrap');
