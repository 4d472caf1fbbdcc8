// Standalone development page (webpack serve): the exposed screen inside the same providers as the shell.
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@hit/platform';
import { AppProviders, Toaster } from '@hit/ui';
import AuthPage from './exposes/AuthPage';

createRoot(document.getElementById('root')!).render(
  <AppProviders queryClient={createQueryClient()}>
    <AuthPage />
    <Toaster />
  </AppProviders>,
);
