// `npm run dev`: this remote on its own, against the real API (async boundary for federation).
import('./standalone-bootstrap');
