/** The accounts endpoints as the screens call them. */
import type { LoginInput, ProfileInput, SignupInput } from '../../../common/schemas/account.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import type { SessionUserData } from '../../../common/schemas/session.ts';
import { api } from '../../lib/api-client.ts';

type UserResponse = { user: SessionUserData };

/** Signs up and logs in; the visitor's local cart goes along to be merged (docs/product.md#better-9). */
export function signup(input: SignupInput, cart: VisitorCartLine[] = []): Promise<UserResponse> {
  return api<UserResponse>('/signup', { method: 'POST', body: { ...input, cart } });
}

export function login(input: LoginInput, cart: VisitorCartLine[] = []): Promise<UserResponse> {
  return api<UserResponse>('/login', { method: 'POST', body: { ...input, cart } });
}

export function logout(): Promise<void> {
  return api<void>('/logout', { method: 'POST' });
}

export function updateProfile(input: ProfileInput): Promise<UserResponse> {
  return api<UserResponse>('/profile', { method: 'PUT', body: input });
}

/** Adds a delivery address to the profile (checkout's new address). */
export function addAddress(address: string): Promise<UserResponse> {
  return api<UserResponse>('/profile/addresses', { method: 'POST', body: { address } });
}
