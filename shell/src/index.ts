// The federation runtime must negotiate shared singletons before any app code runs: start async.
import('./bootstrap');
