import type { Page } from 'playwright-core';

let counter = 0;
/** A fresh e-mail for every account a test creates. */
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

export const PASSWORD = 'lift-heavy-2026';

export interface NewAccount {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

/** Fills in the sign-up form already on screen, without submitting it. */
export async function fillSignUpForm(
  page: Page,
  { email = newEmail(), password = PASSWORD, firstName = 'Ada', lastName = 'Lovelace' }: NewAccount = {},
): Promise<{ email: string; password: string }> {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  return { email, password };
}

/** Creates an account through the real sign-up form, as a visitor would. */
export async function signUpThroughForm(
  page: Page,
  account: NewAccount = {},
): Promise<{ email: string; password: string }> {
  await page.goto('/auth');
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  const credentials = await fillSignUpForm(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return credentials;
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Closes the welcome modal a new user sees on /home ('Got it'), waiting for it to fade out. */
export async function dismissWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to Your Workout Journey!' });
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await welcome.waitFor({ state: 'detached' });
}

/** Signs out as a user does: the header's Account button, then Sign Out in the account panel. */
export async function signOutThroughAccountPanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Sign Out' }).click();
}
