import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

export function App() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
