// The federation contract (docs/architecture.md, "Module federation contract"), checked by `tsc -b` at the start of
// `npm test`; nothing imports this file, so it is never bundled. The exposed default export must take the props the
// shell passes for its id (RemoteExposeProps in @hit/contracts): a breaking change fails here — give it a new expose
// key instead. Type-only imports: @hit/contracts' runtime (zod) stays out of this remote's bundle.
import type { ComponentType } from 'react';
import type { RemoteExposeProps } from '@hit/contracts';
import ProgressAnalytics from './ProgressAnalytics';

export default ProgressAnalytics satisfies ComponentType<RemoteExposeProps['mf_analytics/ProgressAnalytics']>;
