/** The accounts endpoints as the screens call them (src/common/account-api.ts). */
import { accountApi } from '../../../common/account-api.ts';
import type { LoginInput, ProfileInput, SignupInput } from '../../../common/schemas/account.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import type { UserResponse } from '../../../common/schemas/session.ts';
import { call } from '../../lib/api-client.ts';

/** Signs up and logs in; the visitor's local cart goes along to be merged (docs/product.md#better-9). */
export function signup(
  input: SignupInput,
  cart: VisitorCartLine[] = [],
  whatsappUpdates = false,
): Promise<UserResponse> {
  return call(accountApi.signup, { body: { ...input, cart, ...(whatsappUpdates ? { whatsappUpdates } : {}) } });
}

export function login(input: LoginInput, cart: VisitorCartLine[] = []): Promise<UserResponse> {
  return call(accountApi.login, { body: { ...input, cart } });
}

export function logout(): Promise<void> {
  return call(accountApi.logout);
}

export function updateProfile(input: ProfileInput): Promise<UserResponse> {
  return call(accountApi.updateProfile, { body: input });
}

/** Adds a delivery address to the profile (checkout's new address). */
export function addAddress(address: string): Promise<UserResponse> {
  return call(accountApi.addAddress, { body: { address } });
}
