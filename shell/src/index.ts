// Emitted as /favicon.ico (see webpack.config.cjs): browsers fetch it on pages that name no icon.
import '../public/favicon.ico';
// The federation runtime must negotiate shared singletons before any app code runs: start async.
import('./bootstrap');
