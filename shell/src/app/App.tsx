import { Toaster } from '@hit/ui';
import { AccountPanelHost } from './AccountPanelHost';
import { AppRoutes } from './AppRoutes';

/**
 * The whole app inside its providers: the routes, the account panel any screen can open, and the one toast
 * viewport every remote shows toasts in.
 */
export function App() {
  return (
    <>
      <AppRoutes />
      <AccountPanelHost />
      <Toaster />
    </>
  );
}
