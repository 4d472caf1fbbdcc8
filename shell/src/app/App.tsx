import { Toaster } from '@hit/ui';
import { AppRoutes } from './AppRoutes';

/** The whole app inside its providers: the routes and the one toast viewport every remote shows toasts in. */
export function App() {
  return (
    <>
      <AppRoutes />
      <Toaster />
    </>
  );
}
