/**
 * The api refuses a premium action with this status once the trial is over without a running subscription
 * (docs/product-rules.md, "Access gating (402)"); clients recognise a denied access by it.
 */
export const ACCESS_DENIED_STATUS = 402;
