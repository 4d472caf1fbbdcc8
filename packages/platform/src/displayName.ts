import type { User } from '@hit/contracts';

/**
 * First and last name if both exist, else the part of the e-mail before '@', else 'User'
 * (docs/product-rules.md, "Accounts and sign-in").
 */
export function displayName(user: Pick<User, 'email' | 'firstName' | 'lastName'> | null | undefined): string {
  const firstName = user?.firstName?.trim();
  const lastName = user?.lastName?.trim();
  if (firstName && lastName) return `${firstName} ${lastName}`;
  const emailName = user?.email?.split('@')[0]?.trim();
  return emailName || 'User';
}
