import { Toaster } from '@hit/ui';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { AccountPanelHost } from './AccountPanelHost';
import { AppRoutes } from './AppRoutes';

/**
 * The whole app inside its providers: the routes, the account panel any screen can open, the one toast
 * viewport every remote shows toasts in, and the prompt that offers a new version.
 */
export function App() {
  return (
    <>
      <AppRoutes />
      <AccountPanelHost />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
