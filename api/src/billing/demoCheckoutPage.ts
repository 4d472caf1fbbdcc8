/**
 * The demo provider's checkout page: plain server-rendered HTML that works under the app's CSP (no scripts at all;
 * one <style> tag, which style-src 'unsafe-inline' allows). Everything interpolated goes through escapeHtml.
 */

export const DEMO_PLAN_NAME = 'HIT Tracker Premium — monthly';
export const TEST_MODE_NOTICE = 'Test mode — no real payment is taken';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1f2933; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 28px 24px;
         box-shadow: 0 4px 24px rgba(15, 23, 42, 0.12); }
  h1 { font-size: 1.35rem; margin: 0 0 12px; }
  .test-mode { background: #fff4ce; border: 1px solid #e3b341; color: #5c4400; border-radius: 8px;
               padding: 10px 12px; font-weight: 600; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #52606d; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  button, .link { font: inherit; font-size: 1rem; border-radius: 8px; padding: 10px 18px; }
  button { background: #1d4ed8; color: #fff; border: 0; cursor: pointer; font-weight: 600; }
  button:focus-visible, .link:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  .link { color: #1d4ed8; text-decoration: underline; }
  p { line-height: 1.5; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface DemoCheckoutPageInput {
  billingEmail: string;
  /** Where the Confirm form posts. */
  confirmAction: string;
  /** Where Cancel leads (back to the dashboard). */
  cancelHref: string;
}

export function renderDemoCheckoutPage({ billingEmail, confirmAction, cancelHref }: DemoCheckoutPageInput): string {
  return page(
    'Test-mode checkout — HIT Tracker Premium',
    `<h1>Upgrade to Premium</h1>
<p class="test-mode" role="note">${escapeHtml(TEST_MODE_NOTICE)}</p>
<dl>
  <dt>Plan</dt><dd>${escapeHtml(DEMO_PLAN_NAME)}</dd>
  <dt>Billing e-mail</dt><dd>${escapeHtml(billingEmail)}</dd>
  <dt>Charged today</dt><dd>Nothing (test mode)</dd>
</dl>
<p>Confirming starts a one-month Premium subscription: unlimited workout tracking,
  advanced progress analytics and weight progression insights.</p>
<div class="actions">
  <form method="post" action="${escapeHtml(confirmAction)}">
    <button type="submit">Confirm subscription</button>
  </form>
  <a class="link" href="${escapeHtml(cancelHref)}">Cancel</a>
</div>`,
  );
}

export interface DemoCheckoutNoticeInput {
  title: string;
  text: string;
  linkHref: string;
  linkText: string;
}

/** A page for a checkout link that cannot be used (expired, used, another user's, or signed out). */
export function renderDemoCheckoutNotice({ title, text, linkHref, linkText }: DemoCheckoutNoticeInput): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="test-mode" role="note">${escapeHtml(TEST_MODE_NOTICE)}</p>
<p>${escapeHtml(text)}</p>
<a class="link" href="${escapeHtml(linkHref)}">${escapeHtml(linkText)}</a>`,
  );
}
