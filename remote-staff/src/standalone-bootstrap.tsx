import { createRoot } from 'react-dom/client';
import { DevHost } from 'shared-ui';
import manifest from './manifest';

const container = document.getElementById('root');
if (container) createRoot(container).render(<DevHost manifest={manifest} />);
