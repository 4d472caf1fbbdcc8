// Standalone development page (webpack serve): the exposed panel inside the same providers as the shell.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@hit/platform';
import { AppProviders, Button, PageContainer } from '@hit/ui';
import AccountPanel from './exposes/AccountPanel';

function AccountPanelPreview() {
  const [open, setOpen] = useState(true);
  return (
    <PageContainer>
      <div>
        <Button onClick={() => setOpen(true)}>Open account panel</Button>
      </div>
      <AccountPanel open={open} onOpenChange={setOpen} />
    </PageContainer>
  );
}

createRoot(document.getElementById('root')!).render(
  <AppProviders queryClient={createQueryClient()}>
    <AccountPanelPreview />
  </AppProviders>,
);
